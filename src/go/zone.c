/* Distance-based move generation (seed 000, "Distance-based moves generator"). */
#include "go/zone.h"

#include <string.h>

/* A bucket queue over small integer distances: Dijkstra with weights 0..K. */
#define ZQ_MAX 16

void zone_distance(const go_board *b, const bool *region, go_point target, int *dist) {
    zone_distance_below(b, region, target, ZQ_MAX, dist);
}

/* The queue is read in order of distance, and a point's distance is final once its
 * bucket is read (a step adds 0 or more): reading no bucket from `limit` on and
 * queueing nothing there leaves the points below it exact (the steps that reach them
 * stay below it) and every other one at limit or more. */
void zone_distance_below(const go_board *b, const bool *region, go_point target, int limit, int *dist) {
    int top = limit < ZQ_MAX ? limit : ZQ_MAX;
    for (int p = 0; p < GO_MAX_POINTS; p++) dist[p] = ZONE_FAR;
    go_color def = go_board_at(b, target);
    if (def != GO_BLACK && def != GO_WHITE) return;
    static _Thread_local go_point bucket[ZQ_MAX][GO_MAX_POINTS];
    int bn[ZQ_MAX];
    memset(bn, 0, sizeof bn);
    go_point th = go_head_fast(b, target), t = th;
    do {
        dist[t] = 0;
        bucket[0][bn[0]++] = t;
        t = b->next[t];
    } while (t != th);
    for (int d = 0; d < top; d++) {
        for (int qi = 0; qi < bn[d]; qi++) {
            go_point p = bucket[d][qi];
            if (dist[p] != d) continue;
            go_color pc = go_at(b, p);
            GO_FOR_NEIGHBORS(p, n) {
                go_color k = go_at(b, n);
                if (k == GO_BORDER || !region[n]) continue;
                if (k == GO_EMPTY) {
                    /* Empty points spread by one step; an enemy stone does not
                     * (its liberties got their distance with it). */
                    int nd = d + 1;
                    if (pc != GO_EMPTY && pc != def) continue;
                    if (nd < dist[n] && nd < top) {
                        dist[n] = nd;
                        bucket[nd][bn[nd]++] = n;
                    }
                } else if (k == def) {
                    /* A friendly string next to a point at d shares d. Its stones are
                     * walked on the board's list in place (the order go_string_stones
                     * gives), not copied out first. */
                    if (dist[n] > d) {
                        go_point h = go_head_fast(b, n), q = h;
                        do {
                            if (dist[q] > d) {
                                dist[q] = d;
                                bucket[d][bn[d]++] = q;
                            }
                            q = b->next[q];
                        } while (q != h);
                    }
                } else if (pc == GO_EMPTY || pc == def) {
                    /* An enemy string with K liberties: its liberties and its
                     * stones get d + K (our extension: the stones pass the
                     * distance on to friendly strings behind them, so a
                     * defender stone cut off by a short enemy string is
                     * still seen). */
                    int K = go_libs_fast(b, n), nd = d + K;
                    if (nd >= top || dist[n] <= nd) continue;
                    /* The liberties in point order (the bitset's), then the stones in
                     * list order: what go_string_liberties and go_string_stones list,
                     * read in place. */
                    go_point h = go_head_fast(b, n);
                    const uint64_t *libs = b->libs[h];
                    for (int w = 0; w < b->lib_words; w++)
                        for (uint64_t bits = libs[w]; bits; bits &= bits - 1) {
                            go_point l = w * 64 + __builtin_ctzll(bits);
                            if (region[l] && nd < dist[l]) {
                                dist[l] = nd;
                                bucket[nd][bn[nd]++] = l;
                            }
                        }
                    go_point q = h;
                    do {
                        if (region[q] && nd < dist[q]) {
                            dist[q] = nd;
                            bucket[nd][bn[nd]++] = q;
                        }
                        q = b->next[q];
                    } while (q != h);
                }
            }
        }
    }
}

/* A move m of to_move at distance dist[m] >= 2 is blocked when the opponent has
 * a legal stone q, closer to the target than m and within two steps of it, after
 * which m's distance reaches limit or more. Moves that capture are kept. */
static bool captures(const go_board *b, go_color c, go_point m) {
    GO_FOR_NEIGHBORS(m, n) {
        if (go_at(b, n) == go_other(c) && go_libs_fast(b, n) == 1) return true;
    }
    return false;
}

int zone_block_prune(go_board *b, const bool *region, go_point target, go_color to_move, int limit,
                     const int *dist, go_point *moves, int n) {
    go_color opp = go_other(to_move);
    bool cand[GO_MAX_POINTS], blocked[GO_MAX_POINTS];
    memset(cand, 0, sizeof cand);
    memset(blocked, 0, sizeof blocked);
    int nf = 0, nsz = go_board_size(b);
    for (int i = 0; i < n; i++) {
        go_point m = moves[i];
        if (m == GO_PASS || dist[m] < 2 || dist[m] >= ZONE_FAR || captures(b, to_move, m)) continue;
        nf++;
        int mc = go_col(m), mr = go_row(m);
        for (int dr = -2; dr <= 2; dr++)
            for (int dc = -2; dc <= 2; dc++) {
                int c = mc + dc, r = mr + dr;
                if ((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) > 2 || c < 0 || r < 0 || c >= nsz || r >= nsz)
                    continue;
                go_point q = go_pt(c, r);
                if (region[q] && go_at(b, q) == GO_EMPTY && dist[q] < dist[m]) cand[q] = true;
            }
    }
    if (!nf) return n;
    static _Thread_local int d2[GO_MAX_POINTS];
    go_color tc = go_at(b, target);
    GO_FOR_POINTS(b, q) {
        if (!cand[q]) continue;
        if (go_board_play(b, opp, q) != GO_OK) continue;
        if (go_at(b, target) == tc) { /* the block did not capture the target */
            zone_distance_below(b, region, target, limit, d2); /* only d2 >= limit is asked */
            for (int i = 0; i < n; i++) {
                go_point m = moves[i];
                if (m == GO_PASS || blocked[m] || dist[m] < 2 || dist[m] >= ZONE_FAR) continue;
                int dr = go_row(m) - go_row(q), dc = go_col(m) - go_col(q);
                if ((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) > 2 || dist[q] >= dist[m]) continue;
                if (d2[m] >= limit && !captures(b, to_move, m)) blocked[m] = true;
            }
        }
        go_board_undo(b);
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        go_point m = moves[i];
        bool keep = m == GO_PASS || !blocked[m] || captures(b, to_move, m);
        if (keep) moves[k++] = m;
    }
    return k;
}
