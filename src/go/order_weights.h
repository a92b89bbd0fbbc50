/* Learned move-ordering weights (logistic scorer over order.h's properties).
 * Not trained yet: ORD_LEARNED_N = 0 keeps the hand weights. */
#ifndef YOMI_GO_ORDER_WEIGHTS_H
#define YOMI_GO_ORDER_WEIGHTS_H

#define ORD_LEARNED_N 0
static const float ord_learned_bias = 0;
static const float ord_learned_w[13] = {0};
static const float ord_learned_wa[13] = {0};

#endif
