/* Move ordering by properties (seed 000). The hand weights below were set by
 * reasoning about tsumego, then adjusted on the Cho elementary set's node
 * counts; the learned weights (order_weights.h) replace them by default. */
#include "go/order.h"

#include <stdlib.h>

#include "go/order_weights.h"
#include "yomi/go_tsumego.h"

void ord_features(const go_board *b, const ord_ctx *ctx, go_color c, go_point m, float *f) {
    for (int i = 0; i < ORD_NFEAT; i++) f[i] = 0;
    f[ORD_ATTACKER] = c == ctx->att;
    if (m == GO_PASS) {
        f[ORD_PASS] = 1;
        return;
    }
    go_color o = go_other(c);
    int caps = 0, ataris = 0, mine = 0, theirs = 0, edge = 0;
    bool save = false;
    go_point seen[4];
    int ns = 0;
    GO_FOR_NEIGHBORS(m, n) {
        go_color k = go_at(b, n);
        if (k == GO_BORDER) {
            edge++;
            continue;
        }
        if (k == c) mine++;
        if (k == o) theirs++;
        if (k == GO_EMPTY) continue;
        go_point h = go_head_fast(b, n);
        bool dup = false;
        for (int i = 0; i < ns; i++) dup |= seen[i] == h;
        if (dup) continue;
        seen[ns++] = h;
        int libs = go_libs_fast(b, n);
        if (k == o && libs == 1) caps += b->ssize[h];
        if (k == o && libs == 2) ataris++;
        if (k == c && libs == 1) save = true;
    }
    int la = go_board_libs_after(b, c, m, 6);
    f[ORD_CAPTURE] = caps > 4 ? 4 : caps;
    f[ORD_LIBS_AFTER] = la;
    f[ORD_SELF_ATARI] = la <= 1 && caps == 0;
    f[ORD_ATARI] = ataris;
    f[ORD_OWN_EYE] = mine + edge == 4;
    f[ORD_ENEMY_EYE] = theirs + edge == 4;
    f[ORD_SAVE] = save && la >= 2;
    f[ORD_EDGE] = edge > 0;
    if (ctx->target != GO_NO_POINT && go_at(b, ctx->target) != GO_EMPTY) {
        f[ORD_TARGET_LIB] = go_has_lib_fast(b, ctx->target, m);
        if (!f[ORD_TARGET_LIB]) {
            GO_FOR_NEIGHBORS(m, n) {
                if (go_at(b, n) == GO_EMPTY && go_has_lib_fast(b, ctx->target, n)) f[ORD_TARGET_NEAR] = 1;
            }
        }
    }
    go_point last = go_board_last_move(b);
    if (last != GO_NO_POINT && last != GO_PASS) {
        int d = abs(go_col(last) - go_col(m)) + abs(go_row(last) - go_row(m));
        f[ORD_NEAR_LAST] = d <= 2;
    }
}

/* Hand weights, per property (the mover's view). */
static const float hand_w[ORD_NFEAT] = {
    [ORD_CAPTURE] = 8,     [ORD_LIBS_AFTER] = 1, [ORD_SELF_ATARI] = -3, [ORD_ATARI] = 3, [ORD_TARGET_LIB] = 4,
    [ORD_TARGET_NEAR] = 1, [ORD_OWN_EYE] = -6,   [ORD_ENEMY_EYE] = 3,   [ORD_SAVE] = 5,  [ORD_NEAR_LAST] = 2,
    [ORD_EDGE] = -0.5f,    [ORD_PASS] = -8,      [ORD_ATTACKER] = 0,
};

float ord_score(const ord_ctx *ctx, const float *f) {
    float s = 0;
    if (!(ctx->disable & GO_TS_NO_LEARNED) && ORD_LEARNED_N == ORD_NFEAT) {
        /* Logistic scorer: the sigmoid is monotone, so its argument orders. */
        s = ord_learned_bias;
        for (int i = 0; i < ORD_NFEAT; i++) s += ord_learned_w[i] * f[i];
        /* Interactions with the mover's role: attacker and defender differ. */
        for (int i = 0; i < ORD_NFEAT; i++) s += ord_learned_wa[i] * f[i] * f[ORD_ATTACKER];
        return s;
    }
    for (int i = 0; i < ORD_NFEAT; i++) s += hand_w[i] * f[i];
    return s;
}

void ord_sort(const go_board *b, const ord_ctx *ctx, go_color c, go_point *moves, int n) {
    if (ctx->disable & GO_TS_NO_ORDER) return;
    float score[GO_MAX_SIZE * GO_MAX_SIZE + 1], f[ORD_NFEAT];
    for (int i = 0; i < n; i++) {
        ord_features(b, ctx, c, moves[i], f);
        score[i] = ord_score(ctx, f);
    }
    for (int i = 1; i < n; i++) { /* insertion sort: stable, n is small */
        go_point m = moves[i];
        float s = score[i];
        int j = i - 1;
        while (j >= 0 && score[j] < s) {
            moves[j + 1] = moves[j];
            score[j + 1] = score[j];
            j--;
        }
        moves[j + 1] = m;
        score[j + 1] = s;
    }
}
