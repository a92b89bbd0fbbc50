/* Learned move-ordering weights: a logistic model over order.h's properties
 * (w: every mover, wa: added for the attacker). Written by tools/ts_train from
 * 91 Cho elementary problems (even numbers), 4233 examples. Do not edit by hand. */
#ifndef YOMI_GO_ORDER_WEIGHTS_H
#define YOMI_GO_ORDER_WEIGHTS_H

#define ORD_LEARNED_N 13
static const float ord_learned_bias = -0.010961f;
static const float ord_learned_w[13] = {0.865531f,  -0.071952f, -1.132331f, 0.409751f, -0.077831f,
                                        0.405766f,  -1.014380f, 0.291932f,  1.201194f, 0.445995f,
                                        -0.414062f, 0.175428f,  -0.172393f};
static const float ord_learned_wa[13] = {-0.064615f, -0.087866f, -0.094169f, 0.155296f,  1.036204f,
                                         0.680815f,  1.467434f,  0.196140f,  -0.078103f, -0.119494f,
                                         0.603026f,  -0.647220f, -0.172393f};

#endif
