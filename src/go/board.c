/* Go board: see yomi/go_board.h for the representation and contracts. */
#include "yomi/go_board.h"

#include "core/hash.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Zobrist keys shared by every board so hashes compare across boards: zkeys[c][p][0]
 * for go_board_hash, zkeys[c][p][1] for go_board_hash2 (another seed, so the two keys
 * are independent; side by side, so a move reads both from one cache line). */
static uint64_t zkeys[3][GO_MAX_POINTS][2];
static pthread_once_t zonce = PTHREAD_ONCE_INIT;
static void zinit(void) {
    static uint64_t k1[3 * GO_MAX_POINTS], k2[3 * GO_MAX_POINTS];
    yomi_zobrist_fill(k1, 3 * GO_MAX_POINTS, 0x60b0a4d5eed1ULL);
    yomi_zobrist_fill(k2, 3 * GO_MAX_POINTS, 0xc3a5c85c97cb3127ULL);
    for (int i = 0; i < 3 * GO_MAX_POINTS; i++) {
        zkeys[i / GO_MAX_POINTS][i % GO_MAX_POINTS][0] = k1[i];
        zkeys[i / GO_MAX_POINTS][i % GO_MAX_POINTS][1] = k2[i];
    }
}

/* Debug and sanitizer builds verify the invariants after every 16th make or undo
 * (every one would make sanitized searches crawl). */
#if defined(YOMI_DEBUG_CHECKS) && YOMI_DEBUG_CHECKS
static void debug_check(go_board *b, const char *what) {
    if ((++b->debug_tick & 15) != 0) return;
    if (!go_board_check(b)) {
        fprintf(stderr, "go_board: invariant broken after %s\n", what);
        abort();
    }
}
#else
#define debug_check(b, what) ((void)0)
#endif

static inline void bit_set(uint64_t *w, go_point p) { w[p >> 6] |= 1ULL << (p & 63); }
static inline void bit_clr(uint64_t *w, go_point p) { w[p >> 6] &= ~(1ULL << (p & 63)); }
static inline bool bit_get(const uint64_t *w, go_point p) { return (w[p >> 6] >> (p & 63)) & 1; }

/* Recomputes the liberty set, count and size of the string headed by h from its stones. */
static void string_recount(go_board *b, go_point h) {
    uint64_t *L = b->libs[h];
    memset(L, 0, sizeof b->libs[h]);
    int n = 0;
    go_point q = h;
    do {
        n++;
        GO_FOR_NEIGHBORS(q, nb) {
            if (b->color[nb] == GO_EMPTY) bit_set(L, nb);
        }
        q = b->next[q];
    } while (q != h);
    int c = 0;
    for (int i = 0; i < b->lib_words; i++) c += __builtin_popcountll(L[i]);
    b->nlibs[h] = (int16_t)c;
    b->ssize[h] = (int16_t)n;
}

/* Rebuilds every string by flood fill (set-up and clear only). */
static void rebuild_strings(go_board *b) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    int16_t seen[GO_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    go_point stack[GO_MAX_POINTS];
    GO_FOR_POINTS(b, p) {
        go_color c = b->color[p];
        if (c == GO_EMPTY || seen[p]) continue;
        int sp = 0, last = p;
        stack[sp++] = p;
        seen[p] = 1;
        b->head[p] = (int16_t)p;
        while (sp) {
            go_point q = stack[--sp];
            for (int d = 0; d < 4; d++) {
                go_point nb = q + dirs[d];
                if (b->color[nb] == c && !seen[nb]) {
                    seen[nb] = 1;
                    b->head[nb] = (int16_t)p;
                    b->next[last] = (int16_t)nb;
                    last = nb;
                    stack[sp++] = nb;
                }
            }
        }
        b->next[last] = (int16_t)p;
        string_recount(b, p);
    }
}

go_board *go_board_new(int size) {
    if (size < 2 || size > GO_MAX_SIZE) return NULL;
    go_board *b = malloc(sizeof *b);
    if (!b) return NULL;
    b->size = 0; /* no rules to keep */
    go_board_clear(b, size);
    return b;
}

void go_board_free(go_board *b) { free(b); }

void go_board_clear(go_board *b, int size) {
    pthread_once(&zonce, zinit);
    if (size < 2 || size > GO_MAX_SIZE) size = b->size >= 2 && b->size <= GO_MAX_SIZE ? b->size : 19;
    bool keep_rules = b->size >= 2 && b->size <= GO_MAX_SIZE;
    bool suicide = keep_rules ? b->suicide_ok : false, superko = keep_rules ? b->superko : false;
    /* Only the fixed part is reset; history slots are written before they are read. */
    memset(b, 0, offsetof(go_board, cap_stack));
    b->size = size;
    b->suicide_ok = suicide;
    b->superko = superko;
    b->lib_words = (go_pt(size - 1, size - 1) >> 6) + 1;
    b->ko = GO_NO_POINT;
    memset(b->color, GO_BORDER, sizeof b->color);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) b->color[go_pt(c, r)] = GO_EMPTY;
}

void go_board_copy(go_board *dst, const go_board *src) {
    if (dst == src) return;
    memcpy(dst, src, offsetof(go_board, cap_stack));
    memcpy(dst->cap_stack, src->cap_stack, (size_t)src->cap_top * sizeof src->cap_stack[0]);
    memcpy(dst->hist, src->hist, (size_t)src->nmoves * sizeof src->hist[0]);
}

void go_board_set_suicide_allowed(go_board *b, bool on) { b->suicide_ok = on; }
void go_board_set_superko(go_board *b, bool on) { b->superko = on; }

/* Does every string of b->color have a liberty? A flood fill over the colours
 * alone: the string lists are not read, so it may run on a trial colouring. */
static bool every_string_has_liberty(const go_board *b) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    uint8_t seen[GO_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    go_point stack[GO_MAX_POINTS];
    GO_FOR_POINTS(b, p) {
        go_color c = b->color[p];
        if (c == GO_EMPTY || seen[p]) continue;
        bool free_point = false;
        int sp = 0;
        stack[sp++] = p;
        seen[p] = 1;
        while (sp) {
            go_point q = stack[--sp];
            for (int d = 0; d < 4; d++) {
                go_point nb = q + dirs[d];
                if (b->color[nb] == GO_EMPTY)
                    free_point = true;
                else if (b->color[nb] == c && !seen[nb]) {
                    seen[nb] = 1;
                    stack[sp++] = nb;
                }
            }
        }
        if (!free_point) return false;
    }
    return true;
}

bool go_board_setup(go_board *b, go_point p, go_color c) {
    if (!go_board_on(b, p) || c > GO_WHITE) return false;
    go_color old = b->color[p];
    if (old == c) return true;
    /* Try the colour first: a refusal must leave the string lists untouched, since
     * the undo history refers to them (a rebuild would renumber the strings). */
    b->color[p] = c;
    if (!every_string_has_liberty(b)) {
        b->color[p] = old;
        return false;
    }
    rebuild_strings(b);
    if (old != GO_EMPTY) {
        b->hash ^= zkeys[old][p][0];
        b->hash2 ^= zkeys[old][p][1];
        b->stones[old]--;
    }
    if (c != GO_EMPTY) {
        b->hash ^= zkeys[c][p][0];
        b->hash2 ^= zkeys[c][p][1];
        b->stones[c]++;
    }
    /* The set-up position becomes the new root: earlier moves cannot be undone. */
    b->nmoves = 0;
    b->cap_top = 0;
    b->ko = GO_NO_POINT;
    b->ko_color = GO_EMPTY;
    return true;
}

int go_board_size(const go_board *b) { return b->size; }

go_color go_board_at(const go_board *b, go_point p) {
    if (p < 0 || p >= GO_MAX_POINTS) return GO_BORDER;
    return b->color[p];
}

bool go_board_on(const go_board *b, go_point p) {
    return p > 0 && p < GO_MAX_POINTS && b->color[p] != GO_BORDER;
}

uint64_t go_board_hash(const go_board *b) { return b->hash; }
uint64_t go_board_hash2(const go_board *b) { return b->hash2; }
go_point go_board_ko(const go_board *b) { return b->ko; }

int go_board_captures(const go_board *b, go_color by) {
    return by == GO_BLACK || by == GO_WHITE ? b->caps[by] : 0;
}

int go_board_moves(const go_board *b) { return b->nmoves; }

go_point go_board_last_move(const go_board *b) {
    return b->nmoves ? b->hist[b->nmoves - 1].point : GO_NO_POINT;
}

go_color go_board_last_color(const go_board *b) {
    return b->nmoves ? b->hist[b->nmoves - 1].color : GO_EMPTY;
}

int go_board_last_captured(const go_board *b) { return b->nmoves ? b->hist[b->nmoves - 1].captured : 0; }

/* String queries on a point without a stone answer "nothing" instead of walking
 * stale lists. */
static inline bool is_stone(const go_board *b, go_point p) {
    return p > 0 && p < GO_MAX_POINTS && (b->color[p] == GO_BLACK || b->color[p] == GO_WHITE);
}

go_point go_string_id(const go_board *b, go_point p) { return is_stone(b, p) ? b->head[p] : GO_NO_POINT; }
int go_string_libs(const go_board *b, go_point p) { return is_stone(b, p) ? b->nlibs[b->head[p]] : 0; }
int go_string_size(const go_board *b, go_point p) { return is_stone(b, p) ? b->ssize[b->head[p]] : 0; }

int go_string_liberties(const go_board *b, go_point p, go_point *out, int max) {
    if (!is_stone(b, p)) return 0;
    const uint64_t *L = b->libs[b->head[p]];
    int n = 0;
    if (max <= 0) return 0;
    /* One test of max per liberty written (a hot query: the solver's generator,
     * distances and static rules list liberties at nearly every node). */
    for (int i = 0; i < b->lib_words; i++)
        for (uint64_t w = L[i]; w; w &= w - 1) {
            out[n++] = i * 64 + __builtin_ctzll(w);
            if (n == max) return n;
        }
    return n;
}

int go_string_stones(const go_board *b, go_point p, go_point *out, int max) {
    if (!is_stone(b, p)) return 0;
    go_point h = b->head[p], q = h;
    int n = 0;
    do {
        if (n >= max) break;
        out[n++] = q;
        q = b->next[q];
    } while (q != h);
    return n;
}

int go_string_neighbors(const go_board *b, go_point p, int max_libs, go_point *out, int max) {
    if (!is_stone(b, p)) return 0;
    go_point h = b->head[p], q = h;
    go_color enemy = go_other(b->color[p]);
    /* A string touches few enemy strings; a linear set is cheaper than a mark array. */
    go_point seen[GO_MAX_POINTS / 2];
    int nseen = 0, n = 0;
    do {
        GO_FOR_NEIGHBORS(q, nb) {
            if (b->color[nb] != enemy) continue;
            go_point e = b->head[nb];
            int k = 0;
            while (k < nseen && seen[k] != e) k++;
            if (k < nseen) continue;
            seen[nseen++] = e;
            if (max_libs > 0 && b->nlibs[e] > max_libs) continue;
            if (n < max) out[n++] = e;
        }
        q = b->next[q];
    } while (q != h);
    return n;
}

bool go_string_has_lib(const go_board *b, go_point p, go_point lib) {
    if (!is_stone(b, p) || lib < 0 || lib >= GO_MAX_POINTS) return false;
    return bit_get(b->libs[b->head[p]], lib);
}

/* Occupied, off-board, ko and suicide (everything but superko). */
static int check_basic(const go_board *b, go_color c, go_point p) {
    if (p <= 0 || p >= GO_MAX_POINTS || b->color[p] == GO_BORDER) return GO_ILLEGAL_OFFBOARD;
    if (b->color[p] != GO_EMPTY) return GO_ILLEGAL_OCCUPIED;
    if (p == b->ko && c == b->ko_color) return GO_ILLEGAL_KO;
    if (b->suicide_ok) return GO_OK;
    GO_FOR_NEIGHBORS(p, nb) {
        go_color k = b->color[nb];
        if (k == GO_EMPTY) return GO_OK;
        if (k == GO_BORDER) continue;
        int l = b->nlibs[b->head[nb]];
        if (k == c ? l > 1 : l == 1) return GO_OK;
    }
    return GO_ILLEGAL_SUICIDE;
}

/* Hash of the position after c plays a legal move at p, without playing it. */
/* The key (k = 0: go_board_hash, 1: go_board_hash2) after c plays at p. */
static uint64_t hash_after(const go_board *b, go_color c, go_point p, int k) {
    uint64_t h = (k ? b->hash2 : b->hash) ^ zkeys[c][p][k];
    go_point done[4];
    int nd = 0;
    bool captures = false, has_lib = false;
    GO_FOR_NEIGHBORS(p, nb) {
        go_color col = b->color[nb];
        if (col == GO_EMPTY) has_lib = true;
        if (col != GO_BLACK && col != GO_WHITE) continue;
        go_point e = b->head[nb];
        if (col == c) {
            if (b->nlibs[e] > 1) has_lib = true;
            continue;
        }
        if (b->nlibs[e] != 1) continue;
        int i = 0;
        while (i < nd && done[i] != e) i++;
        if (i < nd) continue;
        done[nd++] = e;
        captures = true;
        go_point q = e;
        do {
            h ^= zkeys[col][q][k];
            q = b->next[q];
        } while (q != e);
    }
    if (!captures && !has_lib) {
        /* Suicide (only reached when allowed): the new stone and its friends vanish. */
        h ^= zkeys[c][p][k];
        nd = 0;
        GO_FOR_NEIGHBORS(p, nb) {
            if (b->color[nb] != c) continue;
            go_point e = b->head[nb];
            int i = 0;
            while (i < nd && done[i] != e) i++;
            if (i < nd) continue;
            done[nd++] = e;
            go_point q = e;
            do {
                h ^= zkeys[c][q][k];
                q = b->next[q];
            } while (q != e);
        }
    }
    return h;
}

/* Would c at p repeat a position of the history (positional superko)? A match of
 * the first key is confirmed with the second, so a collision of one 64-bit key
 * cannot forbid a legal move. */
static bool repeats(const go_board *b, go_color c, go_point p) {
    uint64_t h = hash_after(b, c, p, 0), h2 = 0;
    bool have2 = false;
    for (int i = -1; i < b->nmoves; i++) {
        uint64_t ph = i < 0 ? b->hash : b->hist[i].prev_hash;
        if (ph != h) continue;
        if (!have2) h2 = hash_after(b, c, p, 1), have2 = true;
        if ((i < 0 ? b->hash2 : b->hist[i].prev_hash2) == h2) return true;
    }
    return false;
}

int go_board_check_move(const go_board *b, go_color c, go_point p) {
    if (c != GO_BLACK && c != GO_WHITE) return GO_ILLEGAL_OFFBOARD;
    if (p == GO_PASS) return b->nmoves < GO_MAX_HISTORY ? GO_OK : GO_ILLEGAL_HISTORY;
    int r = check_basic(b, c, p);
    if (r != GO_OK) return r;
    if (b->nmoves >= GO_MAX_HISTORY) return GO_ILLEGAL_HISTORY;
    if (b->superko && repeats(b, c, p)) return GO_ILLEGAL_SUPERKO;
    return GO_OK;
}

bool go_board_is_legal(const go_board *b, go_color c, go_point p) {
    return go_board_check_move(b, c, p) == GO_OK;
}

/* Removes the string headed by h (colour k), giving its points as liberties to the
 * adjacent strings of the other colour, and records it for undo. */
static void remove_string(go_board *b, go_undo *u, go_point h, go_color k) {
    go_color other = go_other(k);
    go_point q = h;
    int n = 0;
    do {
        b->cap_stack[b->cap_top++] = (int16_t)q;
        b->color[q] = GO_EMPTY;
        b->hash ^= zkeys[k][q][0];
        b->hash2 ^= zkeys[k][q][1];
        GO_FOR_NEIGHBORS(q, nb) {
            if (b->color[nb] == other) {
                go_point e = b->head[nb];
                uint64_t *w = &b->libs[e][q >> 6], m = 1ULL << (q & 63);
                if (!(*w & m)) {
                    *w |= m;
                    b->nlibs[e]++;
                }
            }
        }
        n++;
        q = b->next[q];
    } while (q != h);
    u->cap_len[u->ncap++] = (int16_t)n;
    u->captured += n;
    u->cap_color = k;
    b->stones[k] -= n;
    b->caps[other] += n;
}

/* The make half of make/undo, the hot path of every Go search: legality, merges,
 * captures, ko and the undo record in one function on purpose (longer than the
 * house's ~120 lines), so the board's state stays in registers across the steps. */
int go_board_play(go_board *b, go_color c, go_point p) {
    if (c != GO_BLACK && c != GO_WHITE) return GO_ILLEGAL_OFFBOARD;
    if (b->nmoves >= GO_MAX_HISTORY) return GO_ILLEGAL_HISTORY;
    go_undo *u = &b->hist[b->nmoves];
    u->prev_hash = b->hash;
    u->prev_hash2 = b->hash2;
    u->point = (int16_t)p;
    u->color = c;
    u->prev_ko = (int16_t)b->ko;
    u->prev_ko_color = b->ko_color;
    u->ncap = 0;
    u->captured = 0;
    u->cap_start = b->cap_top;
    u->nmerged = 0;
    u->survivor = -1;
    if (p == GO_PASS) {
        b->nmoves++;
        b->ko = GO_NO_POINT;
        b->ko_color = GO_EMPTY;
        return GO_OK;
    }
    int r = check_basic(b, c, p);
    if (r != GO_OK) return r;
    if (b->superko && repeats(b, c, p)) return GO_ILLEGAL_SUPERKO;
    b->nmoves++;

    go_color o = go_other(c);
    b->color[p] = c;
    b->hash ^= zkeys[c][p][0];
    b->hash2 ^= zkeys[c][p][1];
    b->stones[c]++;

    go_point fr[4], en[4];
    int nf = 0, ne = 0;
    GO_FOR_NEIGHBORS(p, nb) {
        go_color k = b->color[nb];
        if (k == c) {
            go_point h = b->head[nb];
            int i = 0;
            while (i < nf && fr[i] != h) i++;
            if (i == nf) fr[nf++] = h;
        } else if (k == o) {
            go_point h = b->head[nb];
            int i = 0;
            while (i < ne && en[i] != h) i++;
            if (i == ne) en[ne++] = h;
        }
    }

    go_point H;
    if (nf == 0) {
        H = p;
        b->head[p] = (int16_t)p;
        b->next[p] = (int16_t)p;
        b->ssize[p] = 1;
        uint64_t *L = b->libs[p];
        memset(L, 0, (size_t)b->lib_words * sizeof *L);
        int n = 0;
        GO_FOR_NEIGHBORS(p, nb) {
            if (b->color[nb] == GO_EMPTY) {
                bit_set(L, nb);
                n++;
            }
        }
        b->nlibs[p] = (int16_t)n;
    } else {
        /* The largest neighbour survives so the relabelling walk is short. */
        int best = 0;
        for (int i = 1; i < nf; i++)
            if (b->ssize[fr[i]] > b->ssize[fr[best]]) best = i;
        H = fr[best];
        u->survivor = (int16_t)H;
        u->saved_nlibs = b->nlibs[H];
        uint64_t *L = b->libs[H];
        b->head[p] = (int16_t)H;
        b->next[p] = b->next[H];
        b->next[H] = (int16_t)p;
        if (nf == 1) {
            /* Common case: record which liberties are new instead of saving the set. */
            int n = b->nlibs[H] - 1, added = 0;
            bit_clr(L, p);
            GO_FOR_NEIGHBORS(p, nb) {
                if (b->color[nb] == GO_EMPTY && !bit_get(L, nb)) {
                    bit_set(L, nb);
                    added |= 1 << nb_i_;
                    n++;
                }
            }
            u->added = (uint8_t)added;
            b->nlibs[H] = (int16_t)n;
            b->ssize[H]++;
        } else {
            memcpy(u->saved_libs, L, (size_t)b->lib_words * sizeof *L);
            int size = b->ssize[H] + 1;
            for (int i = 0; i < nf; i++) {
                if (i == best) continue;
                go_point a = fr[i], q = a;
                do {
                    b->head[q] = (int16_t)H;
                    q = b->next[q];
                } while (q != a);
                size += b->ssize[a];
                int16_t t = b->next[H];
                b->next[H] = b->next[a];
                b->next[a] = t;
                const uint64_t *A = b->libs[a];
                for (int w = 0; w < b->lib_words; w++) L[w] |= A[w];
                u->merged[u->nmerged++] = (int16_t)a;
            }
            b->ssize[H] = (int16_t)size;
            bit_clr(L, p);
            GO_FOR_NEIGHBORS(p, nb) {
                if (b->color[nb] == GO_EMPTY) bit_set(L, nb);
            }
            int n = 0;
            for (int w = 0; w < b->lib_words; w++) n += __builtin_popcountll(L[w]);
            b->nlibs[H] = (int16_t)n;
        }
    }

    for (int i = 0; i < ne; i++) {
        go_point e = en[i];
        bit_clr(b->libs[e], p);
        if (--b->nlibs[e] == 0) remove_string(b, u, e, o);
    }

    if (u->captured == 1 && b->ssize[H] == 1 && b->nlibs[H] == 1) {
        b->ko = b->cap_stack[b->cap_top - 1];
        b->ko_color = o;
    } else {
        b->ko = GO_NO_POINT;
        b->ko_color = GO_EMPTY;
    }
    if (b->nlibs[H] == 0) remove_string(b, u, H, c); /* suicide, only when allowed */
    debug_check(b, "play");
    return GO_OK;
}

bool go_board_undo(go_board *b) {
    if (b->nmoves == 0) return false;
    go_undo *u = &b->hist[--b->nmoves];
    b->hash = u->prev_hash;
    b->hash2 = u->prev_hash2;
    b->ko = u->prev_ko;
    b->ko_color = u->prev_ko_color;
    go_point p = u->point;
    if (p == GO_PASS) return true;
    go_color c = u->color, o = go_other(c);

    if (u->ncap) {
        /* Put removed strings back exactly (same head, same list order). */
        go_color k = u->cap_color, other = go_other(k);
        int idx = u->cap_start;
        for (int s = 0; s < u->ncap; s++) {
            int len = u->cap_len[s];
            const int16_t *st = &b->cap_stack[idx];
            go_point h0 = st[0];
            for (int i = 0; i < len; i++) {
                go_point q = st[i];
                b->color[q] = k;
                b->head[q] = (int16_t)h0;
                b->next[q] = st[i + 1 < len ? i + 1 : 0];
            }
            for (int i = 0; i < len; i++) {
                go_point q = st[i];
                GO_FOR_NEIGHBORS(q, nb) {
                    if (b->color[nb] == other) {
                        go_point e = b->head[nb];
                        uint64_t *w = &b->libs[e][q >> 6], m = 1ULL << (q & 63);
                        if (*w & m) {
                            *w &= ~m;
                            b->nlibs[e]--;
                        }
                    }
                }
            }
            idx += len;
        }
        idx = u->cap_start;
        for (int s = 0; s < u->ncap; s++) {
            string_recount(b, b->cap_stack[idx]);
            idx += u->cap_len[s];
        }
        b->stones[k] += u->captured;
        b->caps[other] -= u->captured;
        b->cap_top = u->cap_start;
    }

    b->color[p] = GO_EMPTY;
    b->stones[c]--;
    go_point H = u->survivor;
    if (H >= 0 && u->nmerged == 0) {
        uint64_t *L = b->libs[H];
        GO_FOR_NEIGHBORS(p, nb) {
            if (u->added & (1 << nb_i_)) bit_clr(L, nb);
        }
        bit_set(L, p);
        b->next[H] = b->next[p];
        b->ssize[H]--;
        b->nlibs[H] = u->saved_nlibs;
    } else if (H >= 0) {
        int size = b->ssize[H] - 1;
        for (int i = u->nmerged - 1; i >= 0; i--) {
            go_point a = u->merged[i];
            int16_t t = b->next[H];
            b->next[H] = b->next[a];
            b->next[a] = t;
            go_point q = a;
            do {
                b->head[q] = (int16_t)a;
                q = b->next[q];
            } while (q != a);
            string_recount(b, a);
            size -= b->ssize[a];
        }
        b->next[H] = b->next[p];
        b->ssize[H] = (int16_t)size;
        memcpy(b->libs[H], u->saved_libs, (size_t)b->lib_words * sizeof u->saved_libs[0]);
        b->nlibs[H] = u->saved_nlibs;
    }
    GO_FOR_NEIGHBORS(p, nb) {
        if (b->color[nb] == o) {
            go_point e = b->head[nb];
            uint64_t *w = &b->libs[e][p >> 6], m = 1ULL << (p & 63);
            if (!(*w & m)) {
                *w |= m;
                b->nlibs[e]++;
            }
        }
    }
    debug_check(b, "undo");
    return true;
}

int go_board_libs_after(const go_board *b, go_color c, go_point p, int cap) {
    if (!go_board_on(b, p) || b->color[p] != GO_EMPTY) return 0;
    go_color o = go_other(c);
    /* The common cases without building the set (the move ordering asks this of
     * every move). With no friendly neighbour the liberties are the empty neighbours
     * and the neighbours captured (stones of enemy strings in atari, whose last
     * liberty is p): distinct points. Joining one friendly string and capturing
     * nothing, they are that string's but p, and the empty neighbours it lacks. */
    int empty = 0, caps = 0, nfr = 0;
    go_point h1 = GO_NO_POINT;
    GO_FOR_NEIGHBORS(p, nb) {
        go_color k = b->color[nb];
        if (k == GO_EMPTY) {
            empty++;
        } else if (k == c) {
            if (nfr == 0 || b->head[nb] != h1) nfr++;
            h1 = b->head[nb];
        } else if (k == o && b->nlibs[b->head[nb]] == 1) {
            caps++;
        }
    }
    if (nfr == 0 || (nfr == 1 && caps == 0)) {
        int n = empty + caps;
        if (nfr == 1) {
            n = b->nlibs[h1] - 1;
            GO_FOR_NEIGHBORS(p, nb) {
                if (b->color[nb] == GO_EMPTY && !bit_get(b->libs[h1], nb)) n++;
            }
        }
        return cap > 0 && n > cap ? cap : n;
    }
    uint64_t L[GO_LIB_WORDS];
    memset(L, 0, sizeof L);
    go_point fr[4], cap_heads[4];
    int nf = 0, nc = 0;
    GO_FOR_NEIGHBORS(p, nb) {
        go_color k = b->color[nb];
        if (k == GO_EMPTY) {
            bit_set(L, nb);
        } else if (k == c) {
            go_point h = b->head[nb];
            int i = 0;
            while (i < nf && fr[i] != h) i++;
            if (i < nf) continue;
            fr[nf++] = h;
            for (int w = 0; w < b->lib_words; w++) L[w] |= b->libs[h][w];
        } else if (k == o && b->nlibs[b->head[nb]] == 1) {
            go_point h = b->head[nb];
            int i = 0;
            while (i < nc && cap_heads[i] != h) i++;
            if (i == nc) cap_heads[nc++] = h;
        }
    }
    bit_clr(L, p);
    /* A captured stone becomes a liberty when it touches p or the joined friends. */
    for (int i = 0; i < nc; i++) {
        go_point q = cap_heads[i];
        do {
            GO_FOR_NEIGHBORS(q, nb) {
                bool adj = nb == p;
                for (int f = 0; !adj && f < nf; f++) adj = b->color[nb] == c && b->head[nb] == fr[f];
                if (adj) {
                    bit_set(L, q);
                    break;
                }
            }
            q = b->next[q];
        } while (q != cap_heads[i]);
    }
    int n = 0;
    for (int w = 0; w < b->lib_words; w++) n += __builtin_popcountll(L[w]);
    return cap > 0 && n > cap ? cap : n;
}

bool go_board_check(const go_board *b) {
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    int n = b->size;
    if (n < 2 || n > GO_MAX_SIZE) {
        fprintf(stderr, "go_board_check: bad size %d\n", n);
        return false;
    }
    for (go_point p = 0; p < GO_MAX_POINTS; p++) {
        int r = go_row(p), col = go_col(p);
        bool on = r >= 0 && r < n && col >= 0 && col < n;
        if (on != (b->color[p] != GO_BORDER)) {
            fprintf(stderr, "go_board_check: border wrong at %d\n", p);
            return false;
        }
    }
    uint64_t hash = 0, hash2 = 0;
    int stones[3] = {0, 0, 0};
    int16_t comp[GO_MAX_POINTS];
    memset(comp, -1, sizeof comp);
    go_point stack[GO_MAX_POINTS], members[GO_MAX_POINTS];
    char v[8];
    GO_FOR_POINTS(b, p) {
        go_color c = b->color[p];
        if (c == GO_EMPTY) continue;
        if (c != GO_BLACK && c != GO_WHITE) {
            fprintf(stderr, "go_board_check: bad colour %d at %d\n", c, p);
            return false;
        }
        hash ^= zkeys[c][p][0];
        hash2 ^= zkeys[c][p][1];
        stones[c]++;
        if (comp[p] >= 0) continue;
        /* Flood fill the string independently of head[] and next[]. */
        int sp = 0, nm = 0;
        stack[sp++] = p;
        comp[p] = (int16_t)p;
        uint64_t L[GO_LIB_WORDS];
        memset(L, 0, sizeof L);
        int nlibs = 0;
        while (sp) {
            go_point q = stack[--sp];
            members[nm++] = q;
            for (int d = 0; d < 4; d++) {
                go_point nb = q + dirs[d];
                if (b->color[nb] == c && comp[nb] < 0) {
                    comp[nb] = (int16_t)p;
                    stack[sp++] = nb;
                } else if (b->color[nb] == GO_EMPTY && !bit_get(L, nb)) {
                    bit_set(L, nb);
                    nlibs++;
                }
            }
        }
        go_vertex_format(b, p, v, sizeof v);
        go_point h = b->head[p];
        if (h <= 0 || h >= GO_MAX_POINTS || b->color[h] != c) {
            fprintf(stderr, "go_board_check: string at %s has bad head %d\n", v, h);
            return false;
        }
        for (int i = 0; i < nm; i++) {
            if (b->head[members[i]] != h) {
                fprintf(stderr, "go_board_check: string at %s: stone %d has head %d, not %d\n", v, members[i],
                        b->head[members[i]], h);
                return false;
            }
        }
        if (comp[h] != (int16_t)p) {
            fprintf(stderr, "go_board_check: head of %s outside its string\n", v);
            return false;
        }
        /* The list from the head must visit exactly the members, once each. */
        int walked = 0;
        go_point q = h;
        do {
            if (q <= 0 || q >= GO_MAX_POINTS || comp[q] != (int16_t)p || walked > nm) {
                fprintf(stderr, "go_board_check: stone list of %s broken\n", v);
                return false;
            }
            walked++;
            q = b->next[q];
        } while (q != h);
        if (walked != nm || b->ssize[h] != nm) {
            fprintf(stderr, "go_board_check: string at %s: size %d, list %d, real %d\n", v, b->ssize[h],
                    walked, nm);
            return false;
        }
        if (b->nlibs[h] != nlibs || nlibs == 0) {
            fprintf(stderr, "go_board_check: string at %s: %d liberties recorded, %d real\n", v, b->nlibs[h],
                    nlibs);
            return false;
        }
        for (int w = 0; w < GO_LIB_WORDS; w++) {
            uint64_t have = w < b->lib_words ? b->libs[h][w] : 0;
            if (have != L[w]) {
                fprintf(stderr, "go_board_check: string at %s: liberty set differs (word %d)\n", v, w);
                return false;
            }
        }
    }
    if (hash != b->hash) {
        fprintf(stderr, "go_board_check: hash %016llx, recomputed %016llx\n", (unsigned long long)b->hash,
                (unsigned long long)hash);
        return false;
    }
    if (hash2 != b->hash2) {
        fprintf(stderr, "go_board_check: second hash %016llx, recomputed %016llx\n",
                (unsigned long long)b->hash2, (unsigned long long)hash2);
        return false;
    }
    if (stones[1] != b->stones[1] || stones[2] != b->stones[2]) {
        fprintf(stderr, "go_board_check: stone counts %d/%d, real %d/%d\n", b->stones[1], b->stones[2],
                stones[1], stones[2]);
        return false;
    }
    if (b->ko != GO_NO_POINT && (!go_board_on(b, b->ko) || b->color[b->ko] != GO_EMPTY)) {
        fprintf(stderr, "go_board_check: ko point %d not empty\n", b->ko);
        return false;
    }
    if (b->nmoves < 0 || b->nmoves > GO_MAX_HISTORY || b->cap_top < 0 || b->cap_top > GO_CAP_STACK) {
        fprintf(stderr, "go_board_check: history counters out of range\n");
        return false;
    }
    return true;
}

void go_board_print(const go_board *b, void *file) {
    FILE *f = file ? (FILE *)file : stdout;
    int n = b->size;
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    fprintf(f, "   ");
    for (int c = 0; c < n; c++) fprintf(f, " %c", letters[c]);
    fputc('\n', f);
    for (int r = 0; r < n; r++) {
        fprintf(f, "%2d ", n - r);
        for (int c = 0; c < n; c++) {
            go_point p = go_pt(c, r);
            char ch = b->color[p] == GO_BLACK ? 'X' : b->color[p] == GO_WHITE ? 'O' : '.';
            fprintf(f, " %c", ch);
        }
        fprintf(f, " %2d\n", n - r);
    }
    fprintf(f, "   ");
    for (int c = 0; c < n; c++) fprintf(f, " %c", letters[c]);
    fputc('\n', f);
}

go_point go_vertex_parse(const go_board *b, const char *s) {
    if (!s) return GO_NO_POINT;
    static const char pass[] = "pass";
    int i = 0;
    while (s[i] && i < 4 && (s[i] | 0x20) == pass[i]) i++;
    if (i == 4 && s[4] == '\0') return GO_PASS;
    char l = s[0];
    if (l >= 'a' && l <= 'z') l = (char)(l - 'a' + 'A');
    if (l < 'A' || l > 'Z' || l == 'I') return GO_NO_POINT;
    int col = l - 'A' - (l > 'I');
    int row = 0, k = 1;
    if (s[k] < '1' || s[k] > '9') return GO_NO_POINT;
    while (s[k] >= '0' && s[k] <= '9' && row < 100) row = row * 10 + (s[k++] - '0');
    if (s[k] != '\0') return GO_NO_POINT;
    int n = b->size;
    if (col >= n || row < 1 || row > n) return GO_NO_POINT;
    return go_pt(col, n - row);
}

void go_vertex_format(const go_board *b, go_point p, char *buf, int n) {
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if (n <= 0) return;
    if (p == GO_PASS) {
        snprintf(buf, (size_t)n, "pass");
    } else if (!go_board_on(b, p)) {
        snprintf(buf, (size_t)n, "?");
    } else {
        snprintf(buf, (size_t)n, "%c%d", letters[go_col(p)], b->size - go_row(p));
    }
}
