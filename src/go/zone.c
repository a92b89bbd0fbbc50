/* Distance-based move generation (seed 000, "Distance-based moves generator"). */
#include "go/zone.h"

#include <string.h>

/* A bucket queue over small integer distances: Dijkstra with weights 0..K. */
#define ZQ_MAX 16

void zone_distance(const go_board *b, const bool *region, go_point target, int *dist) {
    for (int p = 0; p < GO_MAX_POINTS; p++) dist[p] = ZONE_FAR;
    go_color def = go_board_at(b, target);
    if (def != GO_BLACK && def != GO_WHITE) return;
    static _Thread_local go_point bucket[ZQ_MAX][GO_MAX_POINTS];
    int bn[ZQ_MAX];
    memset(bn, 0, sizeof bn);
    go_point st[GO_MAX_POINTS];
    int ns = go_string_stones(b, target, st, GO_MAX_POINTS);
    for (int i = 0; i < ns; i++) {
        dist[st[i]] = 0;
        bucket[0][bn[0]++] = st[i];
    }
    for (int d = 0; d < ZQ_MAX; d++) {
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
                    if (nd < dist[n] && nd < ZQ_MAX) {
                        dist[n] = nd;
                        bucket[nd][bn[nd]++] = n;
                    }
                } else if (k == def) {
                    /* A friendly string next to a point at d shares d. */
                    if (dist[n] > d) {
                        int m = go_string_stones(b, n, st, GO_MAX_POINTS);
                        for (int i = 0; i < m; i++)
                            if (dist[st[i]] > d) {
                                dist[st[i]] = d;
                                bucket[d][bn[d]++] = st[i];
                            }
                    }
                } else if (pc == GO_EMPTY || pc == def) {
                    /* An enemy string with K liberties: its liberties and its
                     * stones get d + K (our extension: the stones pass the
                     * distance on to friendly strings behind them, so a
                     * defender stone cut off by a short enemy string is
                     * still seen). */
                    int K = go_libs_fast(b, n), nd = d + K;
                    if (nd >= ZQ_MAX || dist[n] <= nd) continue;
                    go_point lib[GO_MAX_POINTS];
                    int m = go_string_liberties(b, n, lib, GO_MAX_POINTS);
                    for (int i = 0; i < m; i++)
                        if (region[lib[i]] && nd < dist[lib[i]]) {
                            dist[lib[i]] = nd;
                            bucket[nd][bn[nd]++] = lib[i];
                        }
                    m = go_string_stones(b, n, st, GO_MAX_POINTS);
                    for (int i = 0; i < m; i++)
                        if (region[st[i]] && nd < dist[st[i]]) {
                            dist[st[i]] = nd;
                            bucket[nd][bn[nd]++] = st[i];
                        }
                }
            }
        }
    }
}
