/* Benson's unconditional life, eye points, tiger's mouths, true and false eyes, simple
 * seki and area scoring: see go/eyes.h for the contracts. */
#include "go/eyes.h"

#include <string.h>

static const int diag_off[4] = {-GO_STRIDE - 1, -GO_STRIDE + 1, GO_STRIDE - 1, GO_STRIDE + 1};

/* ---- Benson ---- */

#define MAX_PAIRS (GO_MAX_POINTS * 2)

int go_benson(const go_board *b, go_color c, uint8_t *alive, uint8_t *region) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    int16_t reg[GO_MAX_POINTS];
    go_point stack[GO_MAX_POINTS];
    int nreg = 0;
    /* Per region: first pair index and count, ok flag. Pairs: (string head, vital). */
    static _Thread_local int16_t pair_head[MAX_PAIRS];
    static _Thread_local uint8_t pair_vital[MAX_PAIRS];
    static _Thread_local int16_t reg_first[GO_MAX_POINTS], reg_npairs[GO_MAX_POINTS];
    static _Thread_local uint8_t reg_ok[GO_MAX_POINTS];
    uint8_t str_alive[GO_MAX_POINTS];
    int npairs = 0;
    memset(reg, -1, sizeof reg);
    memset(str_alive, 0, sizeof str_alive);
    memset(alive, 0, GO_MAX_POINTS);
    if (region) memset(region, 0, GO_MAX_POINTS);

    GO_FOR_POINTS(b, p) {
        if (go_at(b, p) == c) str_alive[go_head_fast(b, p)] = 1;
    }
    GO_FOR_POINTS(b, p) {
        if (go_at(b, p) == c || reg[p] >= 0) continue;
        int id = nreg++;
        int sp = 0, nempty = 0;
        go_point empties[GO_MAX_POINTS];
        reg[p] = (int16_t)id;
        stack[sp++] = p;
        int first = npairs;
        while (sp) {
            go_point q = stack[--sp];
            if (go_at(b, q) == GO_EMPTY) empties[nempty++] = q;
            for (int d = 0; d < 4; d++) {
                go_point n = q + dirs[d];
                go_color k = go_at(b, n);
                if (k == GO_BORDER) continue;
                if (k == c) {
                    go_point h = go_head_fast(b, n);
                    bool seen = false;
                    for (int i = first; i < npairs; i++) seen |= pair_head[i] == h;
                    if (!seen && npairs < MAX_PAIRS) {
                        pair_head[npairs] = (int16_t)h;
                        pair_vital[npairs++] = 0;
                    }
                } else if (reg[n] < 0) {
                    reg[n] = (int16_t)id;
                    stack[sp++] = n;
                }
            }
        }
        /* Vital to h: every empty point of the region is a liberty of h. */
        for (int i = first; i < npairs; i++) {
            bool vital = true;
            for (int e = 0; e < nempty && vital; e++) vital = go_string_has_lib(b, pair_head[i], empties[e]);
            pair_vital[i] = vital;
        }
        reg_first[id] = (int16_t)first;
        reg_npairs[id] = (int16_t)(npairs - first);
        reg_ok[id] = 1;
    }

    for (bool changed = true; changed;) {
        changed = false;
        /* Strings with fewer than two vital regions still standing drop out. */
        uint8_t nvital[GO_MAX_POINTS];
        memset(nvital, 0, sizeof nvital);
        for (int r = 0; r < nreg; r++) {
            if (!reg_ok[r]) continue;
            for (int i = reg_first[r]; i < reg_first[r] + reg_npairs[r]; i++)
                if (pair_vital[i] && nvital[pair_head[i]] < 2) nvital[pair_head[i]]++;
        }
        GO_FOR_POINTS(b, p) {
            if (go_at(b, p) == c && go_head_fast(b, p) == p && str_alive[p] && nvital[p] < 2) {
                str_alive[p] = 0;
                changed = true;
            }
        }
        /* Regions bordered by a string that dropped out drop out. */
        for (int r = 0; r < nreg; r++) {
            if (!reg_ok[r]) continue;
            for (int i = reg_first[r]; i < reg_first[r] + reg_npairs[r]; i++)
                if (!str_alive[pair_head[i]]) {
                    reg_ok[r] = 0;
                    changed = true;
                    break;
                }
        }
    }

    int count = 0;
    GO_FOR_POINTS(b, p) {
        go_color k = go_at(b, p);
        if (k == c && str_alive[go_head_fast(b, p)]) {
            alive[p] = 1;
            count++;
        } else if (k != c && region && reg_ok[reg[p]]) {
            /* Only regions vital to some alive string are certain to be c's. */
            int r = reg[p];
            bool vital = false;
            for (int i = reg_first[r]; i < reg_first[r] + reg_npairs[r]; i++)
                vital |= pair_vital[i] && str_alive[pair_head[i]];
            region[p] = vital;
        }
    }
    return count;
}

bool go_small_space(const go_board *b, go_point v, int max) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    go_color c = go_board_at(b, v);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    if (max > GO_MAX_POINTS - 1) max = GO_MAX_POINTS - 1;
    /* big[]: points of a space already found too large (skipped as starting points);
     * vis[]: the points of the current flood only. A flood stops early, so its marks
     * must not act as walls for the next one: the answer would then depend on the
     * order of the string's stones, that is on the moves that built it. */
    static _Thread_local uint32_t big[GO_MAX_POINTS], vis[GO_MAX_POINTS], stamp, vstamp;
    if (++stamp == 0) {
        memset(big, 0, sizeof big);
        stamp = 1;
    }
    go_point h = go_head_fast(b, v);
    go_point st[GO_MAX_POINTS], fl[GO_MAX_POINTS];
    int ns = go_string_stones(b, v, st, GO_MAX_POINTS);
    for (int i = 0; i < ns; i++)
        for (int d = 0; d < 4; d++) {
            go_point q = st[i] + dirs[d];
            go_color k = go_at(b, q);
            if (k == GO_BORDER || big[q] == stamp || (k == c && go_head_fast(b, q) == h)) continue;
            if (++vstamp == 0) {
                memset(vis, 0, sizeof vis);
                vstamp = 1;
            }
            int n = 0;
            bool too_big = false;
            fl[n++] = q;
            vis[q] = vstamp;
            for (int j = 0; j < n && !too_big; j++)
                for (int e = 0; e < 4; e++) {
                    go_point r = fl[j] + dirs[e];
                    go_color kr = go_at(b, r);
                    if (kr == GO_BORDER || vis[r] == vstamp || (kr == c && go_head_fast(b, r) == h)) continue;
                    vis[r] = vstamp;
                    if (n == max || big[r] == stamp) { /* or joined a space already too large */
                        too_big = true;
                        break;
                    }
                    fl[n++] = r;
                }
            if (!too_big) return true;
            for (int j = 0; j < n; j++) big[fl[j]] = stamp; /* all in one too-large space */
        }
    return false;
}

bool go_benson_possible(const go_board *b, go_point v) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    go_color c = go_board_at(b, v);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    /* Every string on the board has a liberty (go_board_setup refuses a position
     * without, a play captures or refuses), so every region next to the string holds
     * an empty point and a vital one holds a liberty of the string: the floods start
     * from its liberties, not from each stone's neighbours, and two vital regions
     * need two liberties. The same regions are counted, in 40% of the instructions
     * (callgrind, first 3 in10 at 100k, 2026-11-27). */
    go_point h = go_head_fast(b, v);
    if (b->nlibs[h] < 2) return false;
    /* seen[]: points of regions already judged (skipped as starting points); vis[]: the
     * current flood. A flood that stops early must not leave walls for the next one (the
     * count would then depend on the order of the liberties). */
    static _Thread_local uint32_t seen[GO_MAX_POINTS], vis[GO_MAX_POINTS], stamp, vstamp;
    if (++stamp == 0) {
        memset(seen, 0, sizeof seen);
        stamp = 1;
    }
    go_point stack[GO_MAX_POINTS], done[GO_MAX_POINTS];
    const uint64_t *libs = b->libs[h];
    int vital = 0;
    for (int w = 0; w < b->lib_words && vital < 2; w++)
        for (uint64_t bits = libs[w]; bits && vital < 2; bits &= bits - 1) {
            go_point q = w * 64 + __builtin_ctzll(bits);
            if (seen[q] == stamp) continue;
            if (++vstamp == 0) {
                memset(vis, 0, sizeof vis);
                vstamp = 1;
            }
            /* One region (non-c points): vital unless an empty point of it is not
             * a liberty of the string. The flood stops at the first such point;
             * the points it reached are in that same region, so none of them
             * starts another flood. */
            bool ok = true;
            int sp = 0, nd = 0;
            stack[sp++] = q;
            vis[q] = vstamp;
            while (sp && ok) {
                go_point p = stack[--sp];
                done[nd++] = p;
                if (go_at(b, p) == GO_EMPTY && !go_has_lib_fast(b, v, p)) {
                    ok = false;
                    break;
                }
                for (int e = 0; e < 4; e++) {
                    go_point n = p + dirs[e];
                    go_color kn = go_at(b, n);
                    if (kn == GO_BORDER || kn == c || vis[n] == vstamp) continue;
                    vis[n] = vstamp;
                    stack[sp++] = n;
                }
            }
            for (int j = 0; j < nd; j++) seen[done[j]] = stamp;
            for (int j = 0; j < sp; j++) seen[stack[j]] = stamp;
            vital += ok;
        }
    return vital >= 2;
}

/* go_benson over the whole board, for the seeds. */
static bool go_benson_alive_full(const go_board *b, const go_point *seeds, int nseeds) {
    uint8_t alive[GO_MAX_POINTS];
    go_benson(b, go_board_at(b, seeds[0]), alive, NULL);
    for (int i = 0; i < nseeds; i++)
        if (!alive[seeds[i]]) return false;
    return true;
}

/* Benson for the strings of seeds only, exactly as go_benson would answer for them.
 * A string's fate depends only on its vital regions and the strings bordering those
 * (recursively): the strings reached that way from the seeds form a closed system
 * whose greatest fixed point is go_benson's restricted to it. A region vital to no
 * string (two empty points with no common neighbouring string) is left as soon as
 * that shows, so the open board outside is not flooded. */
bool go_benson_alive_all(const go_board *b, const go_point *seeds, int nseeds) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    if (nseeds < 1) return true;
    go_color c = go_board_at(b, seeds[0]);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    static _Thread_local uint32_t regmark[GO_MAX_POINTS], smark[GO_MAX_POINTS], stamp;
    static _Thread_local int16_t regid[GO_MAX_POINTS], sidx[GO_MAX_POINTS];
    static _Thread_local go_point heads[GO_MAX_POINTS], stack[GO_MAX_POINTS];
    static _Thread_local int16_t pair_s[MAX_PAIRS], reg_first[GO_MAX_POINTS], reg_n[GO_MAX_POINTS];
    static _Thread_local uint8_t pair_vital[MAX_PAIRS], reg_ok[GO_MAX_POINTS];
    /* pmark[h] == pstamp: string h is already paired with the region being flooded (a
     * mark per region instead of a scan of its pairs at each stone met). */
    static _Thread_local uint32_t pmark[GO_MAX_POINTS], pstamp;
    if (++stamp == 0) {
        memset(regmark, 0, sizeof regmark);
        memset(smark, 0, sizeof smark);
        stamp = 1;
    }
    int nh = 0, nreg = 0, npairs = 0;
    for (int i = 0; i < nseeds; i++) {
        if (go_board_at(b, seeds[i]) != c) return false;
        go_point h = go_head_fast(b, seeds[i]);
        if (smark[h] == stamp) continue;
        smark[h] = stamp;
        sidx[h] = (int16_t)nh;
        heads[nh++] = h;
    }
    /* The regions are reached from the strings' liberties: every string has one
     * (go_benson_possible), so a region vital to a string holds a liberty of it, and
     * a string's vital regions and the strings bordering those make a closed system
     * as above. Flooding from every stone's neighbours cost twice as much
     * (callgrind, first 3 in10 at 100k, 2026-11-27). */
    for (int si = 0; si < nh; si++) {
        const uint64_t *libs = b->libs[heads[si]];
        for (int w = 0; w < b->lib_words; w++)
            for (uint64_t bits = libs[w]; bits; bits &= bits - 1) {
                go_point q = w * 64 + __builtin_ctzll(bits);
                if (regmark[q] == stamp) continue;
                int id = nreg++;
                if (++pstamp == 0) {
                    memset(pmark, 0, sizeof pmark);
                    pstamp = 1;
                }
                /* cand: the strings next to every empty point seen so far (ncand < 0:
                 * no empty point yet). */
                go_point cand[4];
                int ncand = -1, sp = 0, first = npairs;
                bool relevant = true;
                regmark[q] = stamp;
                regid[q] = (int16_t)id;
                stack[sp++] = q;
                while (sp && relevant) {
                    go_point p = stack[--sp];
                    if (go_at(b, p) == GO_EMPTY) {
                        go_point nb[4];
                        int nn = 0;
                        for (int e = 0; e < 4; e++) {
                            go_point n = p + dirs[e];
                            if (go_at(b, n) != c) continue;
                            go_point h = go_head_fast(b, n);
                            bool seen = false;
                            for (int j = 0; j < nn; j++) seen |= nb[j] == h;
                            if (!seen) nb[nn++] = h;
                        }
                        if (ncand < 0) {
                            memcpy(cand, nb, sizeof nb);
                            ncand = nn;
                        } else {
                            int m = 0;
                            for (int j = 0; j < ncand; j++) {
                                bool in = false;
                                for (int t = 0; t < nn; t++) in |= nb[t] == cand[j];
                                if (in) cand[m++] = cand[j];
                            }
                            ncand = m;
                        }
                        if (ncand == 0) {
                            relevant = false;
                            break;
                        }
                    }
                    for (int e = 0; e < 4; e++) {
                        go_point n = p + dirs[e];
                        go_color kn = go_at(b, n);
                        if (kn == GO_BORDER) continue;
                        if (kn == c) {
                            go_point h = go_head_fast(b, n);
                            if (pmark[h] == pstamp) continue;
                            if (npairs == MAX_PAIRS) return go_benson_alive_full(b, seeds, nseeds);
                            pmark[h] = pstamp;
                            if (smark[h] != stamp) {
                                smark[h] = stamp;
                                sidx[h] = (int16_t)nh;
                                heads[nh++] = h;
                            }
                            pair_s[npairs++] = sidx[h];
                        } else if (regmark[n] == stamp) {
                            /* Another flood's point: that flood stopped early, so this
                             * region is vital to no string. */
                            if (regid[n] != id) {
                                relevant = false;
                                break;
                            }
                        } else {
                            regmark[n] = stamp;
                            regid[n] = (int16_t)id;
                            stack[sp++] = n;
                        }
                    }
                }
                reg_first[id] = (int16_t)first;
                if (!relevant) {
                    /* Strings added through it stay: a superset of the closed system
                     * gives the same answer for the seeds. */
                    reg_n[id] = 0;
                    reg_ok[id] = 0;
                    continue;
                }
                reg_n[id] = (int16_t)(npairs - first);
                reg_ok[id] = 1;
                for (int j = first; j < npairs; j++) {
                    bool vital = ncand < 0;
                    for (int t = 0; t < ncand && !vital; t++) vital = cand[t] == heads[pair_s[j]];
                    pair_vital[j] = vital;
                }
            }
    }
    uint8_t salive[GO_MAX_POINTS], nvital[GO_MAX_POINTS];
    memset(salive, 1, (size_t)nh);
    for (bool changed = true; changed;) {
        changed = false;
        memset(nvital, 0, (size_t)nh);
        for (int r = 0; r < nreg; r++) {
            if (!reg_ok[r]) continue;
            for (int i = reg_first[r]; i < reg_first[r] + reg_n[r]; i++)
                if (pair_vital[i] && nvital[pair_s[i]] < 2) nvital[pair_s[i]]++;
        }
        for (int i = 0; i < nh; i++)
            if (salive[i] && nvital[i] < 2) {
                salive[i] = 0;
                changed = true;
            }
        for (int r = 0; r < nreg; r++) {
            if (!reg_ok[r]) continue;
            for (int i = reg_first[r]; i < reg_first[r] + reg_n[r]; i++)
                if (!salive[pair_s[i]]) {
                    reg_ok[r] = 0;
                    changed = true;
                    break;
                }
        }
    }
    for (int i = 0; i < nseeds; i++)
        if (!salive[sidx[go_head_fast(b, seeds[i])]]) return false;
    return true;
}

bool go_benson_alive(const go_board *b, go_point v) {
    go_color c = go_board_at(b, v);
    if (c != GO_BLACK && c != GO_WHITE) return false;
    if (!go_benson_possible(b, v)) return false;
    return go_benson_alive_all(b, &v, 1);
}

/* ---- Eye points, tiger's mouths, true and false eyes ---- */

bool go_is_eye_point(const go_board *b, go_point p, go_color c) {
    if (go_board_at(b, p) != GO_EMPTY) return false;
    GO_FOR_NEIGHBORS(p, n) {
        go_color k = go_at(b, n);
        if (k == GO_BORDER) continue;
        if (k != c || go_libs_fast(b, n) < 2) return false;
    }
    return true;
}

go_point go_tiger_mouth(const go_board *b, go_point p, go_color c) {
    if (go_board_at(b, p) != GO_EMPTY) return GO_NO_POINT;
    go_point open = GO_NO_POINT;
    int nopen = 0;
    GO_FOR_NEIGHBORS(p, n) {
        go_color k = go_at(b, n);
        if (k == GO_BORDER) continue;
        if (k == GO_EMPTY) {
            open = n;
            nopen++;
        } else if (k != c || go_libs_fast(b, n) < 2) {
            return GO_NO_POINT;
        }
    }
    return nopen == 1 ? open : GO_NO_POINT;
}

int go_eye_kind(const go_board *b, go_point p, go_color c) {
    if (!go_is_eye_point(b, p, c)) return GO_EYE_NONE;
    go_point h = GO_NO_POINT;
    bool one_string = true;
    GO_FOR_NEIGHBORS(p, n) {
        if (go_at(b, n) != c) continue;
        if (h == GO_NO_POINT)
            h = go_head_fast(b, n);
        else if (go_head_fast(b, n) != h)
            one_string = false;
    }
    if (one_string) return GO_EYE_TRUE;
    int enemy = 0, empty = 0, off = 0;
    for (int d = 0; d < 4; d++) {
        go_color k = go_at(b, p + diag_off[d]);
        if (k == GO_BORDER)
            off++;
        else if (k == GO_EMPTY)
            empty++;
        else if (k != c)
            enemy++;
    }
    /* Centre: the ring of eight points survives one cut; on the edge or in the corner
     * the ring is already open, so no cut at all is allowed. */
    int allowed = off ? 0 : 1;
    if (enemy > allowed) return GO_EYE_FALSE;
    if (enemy + empty > allowed) return GO_EYE_HALF;
    return GO_EYE_TRUE;
}

/* ---- Shape names ---- */

/* A shape as a bitmask over an 8x8 box, moved to the top-left corner, the smallest
 * under the eight symmetries. */
static uint64_t shape_canon(const int *x, const int *y, int n) {
    uint64_t best = ~0ULL;
    for (int t = 0; t < 8; t++) {
        int X[8], Y[8], mx = 99, my = 99;
        for (int i = 0; i < n; i++) {
            int a = t & 1 ? -x[i] : x[i], c = t & 2 ? -y[i] : y[i];
            X[i] = t & 4 ? c : a;
            Y[i] = t & 4 ? a : c;
            if (X[i] < mx) mx = X[i];
            if (Y[i] < my) my = Y[i];
        }
        uint64_t m = 0;
        for (int i = 0; i < n; i++) {
            int cx = X[i] - mx, cy = Y[i] - my;
            if (cx > 7 || cy > 7) return 0;
            m |= 1ULL << (cy * 8 + cx);
        }
        if (m < best) best = m;
    }
    return best;
}

const char *go_eye_shape_name(const go_point *pts, int n) {
    static const struct {
        const char *rows; /* the shape in one orientation, rows separated by '/' */
        const char *name;
    } named[] = {
        {"#", "one point"},
        {"##", "two points"},
        {"###", "straight three"},
        {"##/#", "bent three"},
        {"##/##", "square four"},
        {"###/.#", "pyramid four"},
        {"####", "straight four"},
        {"###/#", "bent four"},
        {"##/.##", "zigzag four"},
        {"##/###", "bulky five"},
        {".#/###/.#", "flower five"},
        {"#####", "straight five"},
        {"####/#", "bent five"},
        {"###/#/#", "corner five"},
        {".#/###/.##", "rabbity six"},
        {"###/###", "rectangular six"},
        {"######", "straight six"},
    };
    if (n < 1 || n > 6) return NULL;
    int x[8], y[8];
    for (int i = 0; i < n; i++) {
        x[i] = go_col(pts[i]);
        y[i] = go_row(pts[i]);
    }
    uint64_t key = shape_canon(x, y, n);
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
        int m = 0, col = 0, row = 0;
        for (const char *s = named[k].rows; *s && m < 8; s++) {
            if (*s == '/') {
                row++;
                col = 0;
                continue;
            }
            if (*s == '#') {
                x[m] = col;
                y[m++] = row;
            }
            col++;
        }
        if (m == n && shape_canon(x, y, m) == key) return named[k].name;
    }
    return NULL;
}

/* ---- Area scoring ---- */

int go_area_score(const go_board *b, int *black, int *white) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    uint8_t seen[GO_MAX_POINTS];
    go_point stack[GO_MAX_POINTS];
    int area[3] = {0, 0, 0};
    memset(seen, 0, sizeof seen);
    GO_FOR_POINTS(b, p) {
        go_color k = go_at(b, p);
        if (k != GO_EMPTY) {
            area[k]++;
            continue;
        }
        if (seen[p]) continue;
        int sp = 0, np = 0, touches = 0;
        seen[p] = 1;
        stack[sp++] = p;
        while (sp) {
            go_point q = stack[--sp];
            np++;
            for (int d = 0; d < 4; d++) {
                go_point n = q + dirs[d];
                go_color kn = go_at(b, n);
                if (kn == GO_BLACK || kn == GO_WHITE)
                    touches |= kn;
                else if (kn == GO_EMPTY && !seen[n]) {
                    seen[n] = 1;
                    stack[sp++] = n;
                }
            }
        }
        if (touches == GO_BLACK || touches == GO_WHITE) area[touches] += np;
    }
    if (black) *black = area[GO_BLACK];
    if (white) *white = area[GO_WHITE];
    return area[GO_BLACK] - area[GO_WHITE];
}
