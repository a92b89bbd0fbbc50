/* Ladder search and geometric trace (seed 001). See yomi/go_ladder.h for the contracts. */
#include "yomi/go_ladder.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/search.h"
#include "go/ladder_internal.h"
#include "go/value.h"

enum { LADDER_MAX_LINE = 1024 };

static _Thread_local uint64_t ladder_node_limit = GO_LADDER_DEFAULT_MAX_NODES; /* per thread */

void go_ladder_set_node_limit(uint64_t n) { ladder_node_limit = n; }

/* Results of positions already read in the current search, so that lines which
 * transpose (captures taken in another order, the Nakayama problem) are read
 * once. An entry belongs to the search numbered `search`: no clearing between
 * searches. Keys: the position hash, the side to move, the simple-ko point and
 * the two ko-retake flags, all of which a result depends on. Only a repetition
 * (a ko cycle) makes a result depend on the line that led to it: results read
 * through one are not stored, and the first one the search meets switches the
 * table off for the rest of it. (What is left is the textbook graph-history
 * case: a result stored before any cycle was met, reused on a line that a cycle
 * through it would close; that needs a ko cycle the search had not yet read.)
 * Per thread. */
enum { TT_BITS = 13, TT_SIZE = 1 << TT_BITS };
typedef struct tt_entry {
    uint64_t key;
    uint32_t key2; /* 32 bits of go_board_hash2: a hit needs both keys to match */
    uint32_t search;
    int32_t value;
} tt_entry;
static _Thread_local tt_entry tt[TT_SIZE];
static _Thread_local uint32_t tt_search;
/* Masks on the keys (all ones; only the control test weakens them). */
static _Thread_local uint64_t key_mask = ~(uint64_t)0;
static _Thread_local uint32_t check_mask = ~(uint32_t)0;

void go_ladder_set_key_masks(uint64_t key, uint32_t check) {
    key_mask = key;
    check_mask = check;
}

typedef struct lctx {
    go_board *b;
    go_point str; /* a point of the target (it may be empty after a capture) */
    go_color def, att;
    uint64_t nodes, limit;
    /* Time and cancel (NULL: none), looked at on the first node and then every
     * LADDER_POLL nodes; start: when the clock started. halted: they stopped
     * the search (not the node limit). */
    const yomi_limits *lim;
    double start;
    uint64_t next_poll;
    bool stopped, halted;
    bool ko_used[4]; /* per colour: has retaken a forbidden ko in this line */
    bool use_tt; /* off once a line repeated (see repeats) */
    uint64_t reps; /* repetitions met so far */
    int depth; /* moves on the current line */
    int caps0; /* stones captured on the board before the root */
    uint64_t path[LADDER_MAX_LINE]; /* position hashes along the line */
    uint64_t path2[LADDER_MAX_LINE]; /* their second keys (a repetition needs both) */
} lctx;

static _Thread_local bool use_trace = true; /* per thread */

void go_ladder_use_trace(bool on) { use_trace = on; }

/* Has the position (with the same side to move) occurred earlier on this line?
 * Only kos make a line repeat (double and triple ko); the attacker cannot force a
 * capture through a cycle. Also caps the line length. A repetition makes results
 * depend on the line that led to them, which a table keyed by position cannot
 * hold: the search stops using its table from then on. */
static bool repeats(lctx *c) {
    const go_board *b = c->b;
    uint64_t h = b->hash & key_mask, h2 = b->hash2 & check_mask;
    bool rep = c->depth >= LADDER_MAX_LINE;
    /* Each move adds a stone: a position k moves back can come again only if the
     * line has captured at least k stones since the root. */
    int caps = b->caps[GO_BLACK] + b->caps[GO_WHITE] - c->caps0;
    for (int i = c->depth - 2; i >= 0 && c->depth - i <= caps && !rep; i -= 2)
        rep = c->path[i] == h && c->path2[i] == h2;
    if (rep) {
        c->reps++;
        c->use_tt = false;
        return true;
    }
    c->path[c->depth] = h;
    c->path2[c->depth] = h2;
    return false;
}

/* Starts a search: entries of earlier searches no longer count. */
static void tt_new_search(void) {
    if (++tt_search == 0) {
        for (int i = 0; i < TT_SIZE; i++) tt[i].search = 0;
        tt_search = 1;
    }
}

static uint64_t tt_key(const lctx *c, bool att_to_move) {
    const go_board *b = c->b;
    uint64_t k = b->hash ^ (att_to_move ? 0x7a3f9c2e51d84b61ULL : 0);
    k ^= (uint64_t)(b->ko + 2) * 0x9e3779b97f4a7c15ULL;
    k ^= (uint64_t)(c->ko_used[c->att] + 2 * c->ko_used[c->def]) * 0xc2b2ae3d27d4eb4fULL;
    return k & key_mask;
}

/* The second check of an entry: the board's second key (the side to move and
 * the ko state are in the first key, and a false hit needs both to collide). */
static uint32_t key2_of(const lctx *c) { return (uint32_t)(c->b->hash2 >> 32) & check_mask; }

static int tt_probe(const lctx *c, uint64_t key) {
    const tt_entry *e = &tt[key & (TT_SIZE - 1)];
    return c->use_tt && e->search == tt_search && e->key == key && e->key2 == key2_of(c) ? e->value : V_UNK;
}

/* Stores a result that neither a node limit nor a repetition touched. */
static void tt_store(const lctx *c, uint64_t key, int v, uint64_t reps0) {
    if (v == V_UNK || !c->use_tt || c->reps != reps0) return;
    tt_entry *e = &tt[key & (TT_SIZE - 1)];
    e->key = key;
    e->key2 = key2_of(c);
    e->search = tt_search;
    e->value = v;
}

/* Plays col at p. A ko recapture that the simple-ko rule forbids is played once
 * per side and line as if after a ko threat the opponent answered (a pass of the
 * opponent clears the ko). Returns 0 = not played, 1 = played, 2 = played as a
 * conditional ko retake. */
static int lplay(lctx *c, go_color col, go_point p) {
    int r = go_board_play(c->b, col, p);
    if (r == GO_OK) {
        c->nodes++;
        c->depth++;
        return 1;
    }
    /* No undo room left: reading on would prove nothing. */
    if (r == GO_ILLEGAL_HISTORY) c->stopped = true;
    if (r != GO_ILLEGAL_KO || c->ko_used[col]) return 0;
    if (go_board_play(c->b, go_other(col), GO_PASS) != GO_OK) {
        c->stopped = true; /* only a full history refuses a pass */
        return 0;
    }
    if ((r = go_board_play(c->b, col, p)) != GO_OK) {
        if (r == GO_ILLEGAL_HISTORY) c->stopped = true;
        go_board_undo(c->b);
        return 0;
    }
    c->ko_used[col] = true;
    c->nodes++;
    c->depth++;
    return 2;
}

static void lundo(lctx *c, go_color col, int how) {
    go_board_undo(c->b);
    c->depth--;
    if (how == 2) {
        go_board_undo(c->b);
        c->ko_used[col] = false;
    }
}

enum { LADDER_POLL = 1024 };

/* Has a limit stopped the search? The node limit is exact; the clock and the
 * cancel flag are looked at on the first node and every LADDER_POLL nodes. */
static bool over_limit(lctx *c) {
    if (c->stopped) return true;
    if (c->limit && c->nodes >= c->limit) c->stopped = true;
    if (c->lim && c->nodes >= c->next_poll) {
        c->next_poll = c->nodes + LADDER_POLL;
        if ((c->lim->cancel && atomic_load(c->lim->cancel)) ||
            (c->lim->max_seconds > 0 && yomi_now() - c->start >= c->lim->max_seconds))
            c->stopped = c->halted = true;
    }
    return c->stopped;
}

/* Would col playing at the empty point p capture something? */
static bool retakes(const go_board *b, go_color col, go_point p) {
    if (go_at(b, p) != GO_EMPTY) return false;
    GO_FOR_NEIGHBORS(p, q) {
        if (go_at(b, q) == go_other(col) && go_libs_fast(b, q) == 1) return true;
    }
    return false;
}

/* The only liberty of the string headed by h (which has exactly one). */
static go_point lone_liberty(const go_board *b, go_point h) {
    const uint64_t *L = b->libs[h];
    int i = 0;
    while (!L[i]) i++;
    return i * 64 + __builtin_ctzll(L[i]);
}

/* go_board_libs_after(b, col, p, cap) (cap <= 5) for a stone at the empty point
 * p, computed here unless the stone captures: a string it joins with more than
 * cap liberties settles the answer, the smaller ones are listed (the string
 * headed by kh has its liberties given in kl[0..nkl), the target's usually). */
static int libs_after(const go_board *b, go_color col, go_point p, int cap, go_point kh, const go_point *kl,
                      int nkl) {
    go_point set[4 + 4 * 5];
    int n = 0;
    GO_FOR_NEIGHBORS(p, q) {
        go_color k = go_at(b, q);
        if (k == GO_EMPTY) {
            int j = 0;
            while (j < n && set[j] != q) j++;
            if (j == n) set[n++] = q;
        } else if (k == col) {
            int l = go_libs_fast(b, q);
            if (l > cap) return cap;
            go_point own[5];
            const go_point *libs = kl;
            if (go_head_fast(b, q) != kh) {
                go_string_liberties(b, q, own, l);
                libs = own;
            } else {
                l = nkl;
            }
            for (int i = 0; i < l; i++) {
                int j = 0;
                while (j < n && set[j] != libs[i]) j++;
                if (j == n && libs[i] != p) set[n++] = libs[i];
            }
        } else if (k != GO_BORDER && go_libs_fast(b, q) == 1) {
            return go_board_libs_after(b, col, p, cap);
        }
    }
    return n < cap ? n : cap;
}

/* The enemy strings the target's owner may capture are those in atari that touch
 * the target. Scanning the target's stones for them at every node costs as much
 * as the target is long, so each node of the owner hands its children a short
 * list instead: one stone of each enemy string that touches the target and has
 * at most two liberties. Between two turns of the owner, an enemy string that
 * keeps its stones loses at most the liberty the owner's move filled, and the
 * target grows only by that move (and the friendly strings it joins). So an
 * enemy string with at most two liberties that touches the target there was on
 * the parent's list, or touches the owner's move, or touches a string the move
 * joined (with at most three liberties before it), or holds the attacker's move.
 * NEAR_MAX bounds the list; beyond it (and at the root, and after a ko or
 * snapback retake) the node scans the target. */
enum { NEAR_MAX = 24 };

/* Strings already on the list being built: marks by head, valid for one stamp. */
static _Thread_local uint32_t near_mark[GO_MAX_POINTS];
static _Thread_local uint32_t near_stamp;

/* Adds the string at p to the list (one stone per string) if it is an enemy
 * string with at most two liberties. Returns false when the list is full. */
static inline bool near_add(const go_board *b, go_color att, go_point p, go_point *list, int *n) {
    if (go_at(b, p) != att || go_libs_fast(b, p) > 2) return true;
    go_point h = go_head_fast(b, p);
    if (near_mark[h] == near_stamp) return true;
    if (*n == NEAR_MAX) return false;
    near_mark[h] = near_stamp;
    list[(*n)++] = p;
    return true;
}

/* The list of the target's node, from scratch (near == NULL) or from the
 * parent's candidates. -1 when it overflows. */
static int near_build(const go_board *b, go_point str, go_color att, const go_point *near, int nnear,
                      go_point *out) {
    int n = 0;
    if (++near_stamp == 0) {
        for (int i = 0; i < GO_MAX_POINTS; i++) near_mark[i] = 0;
        near_stamp = 1;
    }
    if (near) {
        for (int i = 0; i < nnear; i++)
            if (!near_add(b, att, near[i], out, &n)) return -1;
        return n;
    }
    go_point h = go_head_fast(b, str), q = h;
    do {
        GO_FOR_NEIGHBORS(q, nb) {
            if (!near_add(b, att, nb, out, &n)) return -1;
        }
        q = b->next[q];
    } while (q != h);
    return n;
}

/* Does the string at p touch the string headed by h? */
static bool touches(const go_board *b, go_point p, go_point h) {
    go_point s = go_head_fast(b, p), q = s;
    do {
        GO_FOR_NEIGHBORS(q, nb) {
            if (go_head_fast(b, nb) == h && go_at(b, nb) == go_at(b, h)) return true;
        }
        q = b->next[q];
    } while (q != s);
    return false;
}

/* Before the owner plays m: its list (nl >= 0) into kids, and the enemy stones
 * beside the friendly strings the move will join to the target. -1 when the
 * children must scan. */
static int near_kids(const go_board *b, go_point str, go_color def, go_point m, const go_point *list, int nl,
                     go_point *kids) {
    if (nl < 0) return -1;
    int n = 0;
    for (int i = 0; i < nl; i++) kids[n++] = list[i];
    go_point h = go_head_fast(b, str);
    bool ext = false;
    GO_FOR_NEIGHBORS(m, q) ext |= go_head_fast(b, q) == h && go_at(b, q) == def;
    if (!ext) return n;
    GO_FOR_NEIGHBORS(m, q) {
        if (go_at(b, q) != def || go_head_fast(b, q) == h) continue;
        go_point s = go_head_fast(b, q), p = s;
        do {
            GO_FOR_NEIGHBORS(p, e) {
                if (go_at(b, e) != go_other(def) || go_libs_fast(b, e) > 3) continue;
                if (n == NEAR_MAX + 3) return -1;
                kids[n++] = e;
            }
            p = b->next[p];
        } while (p != s);
    }
    return n;
}

/* After the owner played m: the enemy stones beside m, when they touch the
 * target (always after an extension). -1 when the list overflows. */
static int near_kids_after(const go_board *b, go_point str, go_color att, go_point m, go_point *kids, int n) {
    go_point h = go_head_fast(b, str);
    bool ext = go_head_fast(b, m) == h;
    GO_FOR_NEIGHBORS(m, q) {
        if (go_at(b, q) != att || go_libs_fast(b, q) > 2) continue;
        if (!ext && !touches(b, q, h)) continue;
        if (n == NEAR_MAX + 7) return -1;
        kids[n++] = q;
    }
    return n;
}

/* The points where the target's owner captures an enemy string in atari that
 * touches the target, distinct, in the order of the list (or of the target's
 * stones when there is no list). */
static int capture_points(const go_board *b, go_point str, go_color att, const go_point *list, int nlist,
                          go_point *out, int max) {
    go_point h = go_head_fast(b, str), q = h, heads[32];
    int n = 0, nh = 0;
    if (nlist >= 0) {
        for (int i = 0; i < nlist; i++) {
            if (go_libs_fast(b, list[i]) != 1) continue;
            go_point l = lone_liberty(b, go_head_fast(b, list[i]));
            int j = 0;
            while (j < n && out[j] != l) j++;
            if (j == n && n < max) out[n++] = l;
        }
        return n;
    }
    do {
        GO_FOR_NEIGHBORS(q, nb) {
            if (go_at(b, nb) != att || go_libs_fast(b, nb) != 1) continue;
            go_point e = go_head_fast(b, nb);
            int k = 0;
            while (k < nh && heads[k] != e) k++;
            if (k < nh || nh == 32) continue;
            heads[nh++] = e;
            go_point l = lone_liberty(b, e);
            int j = 0;
            while (j < n && out[j] != l) j++;
            if (j == n && n < max) out[n++] = l;
        }
        q = b->next[q];
    } while (q != h);
    return n;
}

static int lad_def(lctx *c, go_point *best, const go_point *near, int nnear);
static int trace(const go_board *b, go_point str, go_point *first, const go_point *near, int nnear);

/* Attacker to move. kids/nkids: the candidates for the lists of the owner's
 * nodes below (see NEAR_MAX) without the attacker's move, which goes in
 * kids[nkids] (room for it is the caller's); NULL, -1: the children scan. */
static int lad_att(lctx *c, go_point *best, go_point *kids, int nk) {
    go_board *b = c->b;
    if (best) *best = GO_NO_POINT;
    if (go_at(b, c->str) != c->def) return V_WIN;
    int n = go_libs_fast(b, c->str);
    if (n >= 3) return V_LOSS;
    if (over_limit(c)) return V_UNK;
    if (n == 2 && use_trace) {
        /* The geometric trace decides plain ladders at once (seed 001). */
        go_point first;
        int t = trace(b, c->str, &first, kids, nk);
        if (t >= 0) {
            if (best && t) *best = first;
            return t ? V_WIN : V_LOSS;
        }
    }
    if (repeats(c)) return V_LOSS;
    uint64_t key = tt_key(c, true), reps0 = c->reps;
    if (!best) {
        int v = tt_probe(c, key);
        if (v != V_UNK) return v;
    }
    go_point lib[2];
    go_string_liberties(b, c->str, lib, 2);
    if (n == 1) {
        int how = lplay(c, c->att, lib[0]);
        if (!how) return V_LOSS;
        /* A single stone taken by ko may come back, and so may a string taken by a
         * stone that is then in atari (snapback): the target's owner may retake. */
        bool back = go_board_ko(b) == c->str || retakes(b, c->def, c->str);
        int child = back ? lad_def(c, NULL, NULL, -1) : V_LOSS;
        lundo(c, c->att, how);
        if (best) *best = lib[0];
        int v = go_value_of_move(child, how);
        tt_store(c, key, v, reps0);
        return v;
    }
    /* Try first the atari that leaves the target's extension fewer liberties
     * (the extension at lib[1] then has about libs_after(lib[1]) - 1), then the
     * one whose own stone has more liberties (up to 3): on the Pachi cases and
     * generated ladders this halves the nodes of the opposite orders. */
    go_point th = go_head_fast(b, c->str);
    int e0 = libs_after(b, c->def, lib[1], 5, th, lib, 2), e1 = libs_after(b, c->def, lib[0], 5, th, lib, 2);
    if (e1 < e0 ||
        (e1 == e0 &&
         libs_after(b, c->att, lib[1], 3, GO_NO_POINT, NULL, 0) >
             libs_after(b, c->att, lib[0], 3, GO_NO_POINT, NULL, 0))) {
        go_point t = lib[0];
        lib[0] = lib[1];
        lib[1] = t;
    }
    int bestv = -2;
    bool unk = false;
    for (int i = 0; i < 2; i++) {
        int how = lplay(c, c->att, lib[i]);
        if (!how) continue;
        int v;
        if (go_libs_fast(b, c->str) != 1) {
            v = -2; /* not an atari: not a ladder move */
        } else {
            if (nk >= 0) kids[nk] = lib[i];
            v = go_value_of_move(lad_def(c, NULL, nk >= 0 ? kids : NULL, nk >= 0 ? nk + 1 : -1), how);
        }
        lundo(c, c->att, how);
        if (v == -2) continue;
        if (v == V_UNK) {
            unk = true;
            continue;
        }
        if (v > bestv) {
            bestv = v;
            if (best) *best = lib[i];
            if (v == V_WIN) break;
        }
    }
    int v = bestv == V_WIN ? V_WIN : unk || c->stopped ? V_UNK : bestv < 0 ? V_LOSS : bestv;
    tt_store(c, key, v, reps0);
    return v;
}

/* The target's owner to move. near/nnear: candidates for its list (NULL, -1:
 * scan the target). */
static int lad_def(lctx *c, go_point *best, const go_point *near, int nnear) {
    go_board *b = c->b;
    if (best) *best = GO_NO_POINT;
    if (go_at(b, c->str) != c->def) {
        /* Captured: only retaking at once (a ko, a snapback) brings it back. */
        bool ko = go_board_ko(b) == c->str;
        if ((ko ? c->ko_used[c->def] : !retakes(b, c->def, c->str)) || over_limit(c)) return V_LOSS;
        int how = lplay(c, c->def, c->str);
        if (!how) return V_LOSS;
        int v = go_value_of_move(lad_att(c, NULL, NULL, -1), how);
        lundo(c, c->def, how);
        if (best) *best = c->str;
        return v;
    }
    if (go_libs_fast(b, c->str) >= 2) return V_WIN;
    if (over_limit(c)) return V_UNK;
    go_point own = lone_liberty(b, go_head_fast(b, c->str));
    /* An extension to three liberties escapes: no need to read the captures
     * (unless the extension is a ko retake, which needs a threat first, or
     * superko might forbid it). */
    if ((own != b->ko || b->ko_color != c->def) && !b->superko &&
        libs_after(b, c->def, own, 3, go_head_fast(b, c->str), &own, 1) >= 3) {
        if (best) *best = own;
        return V_WIN;
    }
    if (repeats(c)) return V_WIN;
    uint64_t key = tt_key(c, false), reps0 = c->reps;
    if (!best) {
        int v = tt_probe(c, key);
        if (v != V_UNK) return v;
    }
    /* Captures of adjacent enemy strings in atari first, then the extension. At
     * the root the target's stones give the order (so the first move does not
     * depend on how the search got here). */
    go_point list[NEAR_MAX];
    int nl = best ? -1 : near_build(b, c->str, c->att, near, nnear, list);
    go_point cand[33];
    int nc = capture_points(b, c->str, c->att, list, nl, cand, 32);
    bool dup = false;
    for (int j = 0; j < nc; j++) dup |= cand[j] == own;
    if (!dup) cand[nc++] = own;

    int bestv = -2;
    bool unk = false;
    go_point kids[NEAR_MAX + 8];
    for (int i = 0; i < nc; i++) {
        int nk = near_kids(b, c->str, c->def, cand[i], list, nl, kids);
        int how = lplay(c, c->def, cand[i]);
        if (!how) continue;
        if (nk >= 0) nk = near_kids_after(b, c->str, c->att, cand[i], kids, nk);
        int child = go_libs_fast(b, c->str) >= 3 ? V_LOSS : lad_att(c, NULL, nk >= 0 ? kids : NULL, nk);
        int v = go_value_of_move(child, how);
        lundo(c, c->def, how);
        if (v == V_UNK) {
            unk = true;
            continue;
        }
        if (v > bestv) {
            bestv = v;
            if (best) *best = cand[i];
            if (v == V_WIN) break;
        }
    }
    int v = bestv == V_WIN ? V_WIN : unk || c->stopped ? V_UNK : bestv < 0 ? V_LOSS : bestv;
    tt_store(c, key, v, reps0);
    return v;
}

static bool lctx_init(lctx *c, go_board *b, go_point str) {
    /* Field by field: the path array needs no clearing. */
    c->b = b;
    c->str = str;
    c->def = c->att = GO_EMPTY;
    c->nodes = 0;
    c->limit = ladder_node_limit;
    c->lim = NULL;
    c->start = 0;
    c->next_poll = 0;
    c->stopped = c->halted = false;
    c->depth = 0;
    c->caps0 = b->caps[GO_BLACK] + b->caps[GO_WHITE];
    c->reps = 0;
    /* Positional superko makes legality depend on the whole history. */
    c->use_tt = !b->superko;
    tt_new_search();
    for (int i = 0; i < 4; i++) c->ko_used[i] = false;
    if (!go_board_on(b, str)) return false;
    c->def = go_board_at(b, str);
    if (c->def != GO_BLACK && c->def != GO_WHITE) return false;
    c->att = go_other(c->def);
    return true;
}

/* One ladder question: the attacker (att_first) or the target's owner to move.
 *
 * Seed 001 also asks of a target "no shared friendly liberties" (no liberty
 * that another string of its colour touches). That filter belongs to the seed's
 * engine, where the ladder goal lives inside a larger search that reads such
 * strings as connection problems. It is not applied here: this search plays the
 * extension into a shared liberty, merges the strings and counts the joined
 * string's liberties exactly, so the filter could only turn a proven capture
 * (a string that connects to a friend as short of liberties as itself) into
 * "not a ladder", and change answers the attack/defend reader relies on. */
yomi_result go_ladder_read_within(go_board *b, go_point str, bool att_first, uint64_t limit,
                                  const yomi_limits *lim, double start, go_point *move, uint64_t *nodes,
                                  bool *halted) {
    lctx c;
    go_point m = GO_NO_POINT;
    yomi_result r = att_first ? YOMI_LOSS : YOMI_WIN;
    if (lctx_init(&c, b, str)) {
        c.limit = limit;
        c.lim = lim;
        c.start = start;
        r = go_value_result(att_first ? lad_att(&c, &m, NULL, -1) : lad_def(&c, &m, NULL, -1));
    }
    if (r == YOMI_LOSS || r == YOMI_UNKNOWN) m = GO_NO_POINT;
    if (move) *move = m;
    if (nodes) *nodes = c.nodes;
    if (halted) *halted = c.halted;
    return r;
}

static yomi_result ladder_read(go_board *b, go_point str, bool att_first, uint64_t limit, go_point *move,
                               uint64_t *nodes) {
    return go_ladder_read_within(b, str, att_first, limit, NULL, 0, move, nodes, NULL);
}

/* With the caller's limits: max_nodes exact (0 = none), time and cancel. */
static yomi_result ladder_read_lim(go_board *b, go_point str, bool att_first, const yomi_limits *lim,
                                   go_point *move, uint64_t *nodes) {
    if (!lim) return ladder_read(b, str, att_first, 0, move, nodes);
    double start = lim->max_seconds > 0 ? yomi_now() : 0;
    return go_ladder_read_within(b, str, att_first, lim->max_nodes, lim, start, move, nodes, NULL);
}

yomi_result go_ladder_attack(go_board *b, go_point str, go_point *move, uint64_t *nodes) {
    return ladder_read(b, str, true, ladder_node_limit, move, nodes);
}

yomi_result go_ladder_defend(go_board *b, go_point str, go_point *move, uint64_t *nodes) {
    return ladder_read(b, str, false, ladder_node_limit, move, nodes);
}

yomi_result go_ladder_attack_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes) {
    return ladder_read(b, str, true, limit, move, nodes);
}

yomi_result go_ladder_defend_limited(go_board *b, go_point str, uint64_t limit, go_point *move,
                                     uint64_t *nodes) {
    return ladder_read(b, str, false, limit, move, nodes);
}

yomi_result go_ladder_attack_lim(go_board *b, go_point str, const yomi_limits *lim, go_point *move,
                                 uint64_t *nodes) {
    return ladder_read_lim(b, str, true, lim, move, nodes);
}

yomi_result go_ladder_defend_lim(go_board *b, go_point str, const yomi_limits *lim, go_point *move,
                                 uint64_t *nodes) {
    return ladder_read_lim(b, str, false, lim, move, nodes);
}

int go_ladder_line(go_board *b, go_point str, go_point *out, int max) {
    lctx c;
    if (!lctx_init(&c, b, str) || max <= 0) return 0;
    int n = 0, hows[512];
    go_color cols[512];
    bool att_turn = go_string_libs(b, str) >= 2;
    while (n < max && n < 512) {
        go_point m;
        /* Each move of the line starts a search of its own. */
        c.nodes = 0;
        c.stopped = false;
        c.depth = 0;
        c.caps0 = b->caps[GO_BLACK] + b->caps[GO_WHITE];
        c.use_tt = !b->superko;
        tt_new_search();
        int v = att_turn ? lad_att(&c, &m, NULL, -1) : lad_def(&c, &m, NULL, -1);
        if (v == V_UNK || m == GO_NO_POINT) break;
        go_color col = att_turn ? c.att : c.def;
        int how = lplay(&c, col, m);
        if (!how) break;
        out[n] = m;
        hows[n] = how;
        cols[n] = col;
        n++;
        if (go_board_at(b, str) == c.def && go_string_libs(b, str) >= 3) break;
        att_turn = !att_turn;
    }
    for (int i = n - 1; i >= 0; i--) lundo(&c, cols[i], hows[i]);
    return n;
}

/* ---- The geometric trace ---- */

static int empty_neighbors(const go_board *b, go_point p) {
    int n = 0;
    GO_FOR_NEIGHBORS(p, q) n += go_at(b, q) == GO_EMPTY;
    return n;
}

/* Does an enemy (att) string in atari touch the string at str? */
static bool touches_atari(const go_board *b, go_point str, go_color att) {
    go_point h = go_head_fast(b, str), q = h;
    do {
        GO_FOR_NEIGHBORS(q, nb) {
            if (go_at(b, nb) == att && go_libs_fast(b, nb) == 1) return true;
        }
        q = b->next[q];
    } while (q != h);
    return false;
}

/* Liberties of the union of the strings strs[] and the stones that would stand
 * at the points of the trace (the bitset occ), where extra[] lists the empty
 * neighbours of those trace stones: distinct empty points outside occ, counted
 * up to 3. */
static int union_libs(const go_board *b, const go_point *strs, int ns, const go_point *extra, int ne,
                      const uint64_t *occ) {
    uint64_t u[GO_LIB_WORDS] = {0};
    int nw = b->lib_words;
    for (int s = 0; s < ns; s++) {
        const uint64_t *L = b->libs[go_head_fast(b, strs[s])];
        for (int w = 0; w < nw; w++) u[w] |= L[w];
    }
    for (int i = 0; i < ne; i++)
        if (go_at(b, extra[i]) == GO_EMPTY) u[extra[i] >> 6] |= 1ULL << (extra[i] & 63);
    int n = 0;
    for (int w = 0; w < nw && n < 3; w++) n += __builtin_popcountll(u[w] & ~occ[w]);
    return n < 3 ? n : 3;
}

static void occupy(uint64_t *occ, go_point p) { occ[p >> 6] |= 1ULL << (p & 63); }

/* Do the atari stones that joined enemy strings beside them (their outer
 * neighbours in join[]) keep two liberties, and the friendly strings beside
 * atari stones (a stone of each in dstr[]) one, with the points occ[] occupied? */
static bool joins_safe(const go_board *b, go_color att, go_point (*join)[2], int n, const go_point *dstr,
                       int nd, const uint64_t *occ) {
    for (int i = 0; i < n; i++) {
        go_point strs[2];
        int ns = 0;
        for (int j = 0; j < 2; j++)
            if (go_at(b, join[i][j]) == att) strs[ns++] = join[i][j];
        if (union_libs(b, strs, ns, join[i], 2, occ) < 2) return false;
    }
    for (int i = 0; i < nd; i++)
        if (union_libs(b, &dstr[i], 1, NULL, 0, occ) < 1) return false;
    return true;
}

/* The trace follows the ladder's forced line without playing it. With x the
 * direction from the head h0 of the target to its liberty of order 3 and y the
 * direction to its liberty of order 2, the attacker's k-th atari A_k and the
 * target's k-th extension D_k are D_{k-1}+s and D_{k-1}+t, where (s, t) is (x, y)
 * for odd k and (y, x) for even k: the order 1, 2, 3 ... of the seed's diagram.
 * While the corridor is clean (the two points ahead of the extension and the two
 * outer neighbours of each atari stone empty), the target has two liberties after
 * each extension, no attacker stone can be captured and the other atari gives
 * three liberties at once, so the line is forced. The first stone or edge ahead
 * decides (situations 1, 3, 4 and 5); anything the geometry cannot vouch for
 * returns -1. */
static int trace_line(const go_board *b, go_color def, go_point h0, go_point a1, go_point d1,
                      go_point *first);

static int trace(const go_board *b, go_point str, go_point *first, const go_point *near, int nnear) {
    if (!go_board_on(b, str)) return -1;
    go_color def = go_board_at(b, str);
    if (def != GO_BLACK && def != GO_WHITE) return -1;
    go_color att = go_other(def);
    /* Condition 1: exactly two liberties. */
    if (go_string_libs(b, str) != 2) return -1;
    go_point L[2];
    go_string_liberties(b, str, L, 2);
    /* Condition 4: the liberties are diagonal neighbours. */
    int dc = go_col(L[1]) - go_col(L[0]), dr = go_row(L[1]) - go_row(L[0]);
    if (abs(dc) != 1 || abs(dr) != 1) return -1;
    go_point c1 = go_pt(go_col(L[0]), go_row(L[1])), c2 = go_pt(go_col(L[1]), go_row(L[0]));
    go_point sid = go_string_id(b, str), h0;
    if (go_at(b, c1) == def && go_string_id(b, c1) == sid && go_at(b, c2) == GO_EMPTY)
        h0 = c1;
    else if (go_at(b, c2) == def && go_string_id(b, c2) == sid && go_at(b, c1) == GO_EMPTY)
        h0 = c2;
    else
        return -1;
    /* A capture may escape. The enemy strings in atari that touch the target are
     * among near[] when the search has that list (nnear >= 0, see NEAR_MAX). */
    if (nnear < 0) {
        if (touches_atari(b, str, att)) return -1;
    } else {
        for (int i = 0; i < nnear; i++)
            if (go_at(b, near[i]) == att && go_libs_fast(b, near[i]) == 1) return -1;
    }
    /* Conditions 2 and 3 (the first atari on the liberty of order 3, or 2 on the
     * edge; the extension on the one of order 2) say where the wall stands. The
     * line below checks every point around it, so both first ataris are tried
     * wherever a wall stands beside the other liberty: each answer is exact. */
    for (int i = 0; i < 2; i++) {
        int r = trace_line(b, def, h0, L[i], L[1 - i], first);
        if (r >= 0) return r;
    }
    return -1;
}

/* The line of the trace from the attacker's first atari a1 (the target then
 * extends at d1). */
static int trace_line(const go_board *b, go_color def, go_point h0, go_point a1, go_point d1,
                      go_point *first) {
    go_color att = go_other(def);
    *first = a1;
    int x = a1 - h0, y = d1 - h0;
    /* The wall beside the first extension must be the attacker's or the edge, and
     * must survive the extension without falling into atari. */
    go_point w = d1 - x;
    go_color cw = go_at(b, w);
    if (cw == GO_EMPTY || cw == def) return -1;
    if (cw == att && go_libs_fast(b, w) < 3) return -1;
    bool alt = empty_neighbors(b, a1) < 3; /* the other first atari may work too */

    uint64_t occ[GO_LIB_WORDS] = {0};
    go_point join[16][2], dstr[16];
    int nocc = 0, njoin = 0, ndef = 0;
    go_point dprev = h0;
    int first_weak = empty_neighbors(b, a1) < 3 ? 1 : 0;
    for (int k = 1; nocc < 8 * GO_MAX_SIZE; k++) {
        int s = (k & 1) ? x : y, t = (k & 1) ? y : x;
        go_point A = dprev + s, D = dprev + t;
        go_point FA = D + t, FD = D + s, O1 = A + s, O2 = A - t;
        go_color cfa = go_at(b, FA), cfd = go_at(b, FD);
        go_color co1 = go_at(b, O1), co2 = go_at(b, O2);
        occupy(occ, A);
        nocc++;
        /* A friendly stone beside an atari stone takes an outer liberty like the
         * edge does (situation 1a), as long as the ladder never captures it: its
         * string must keep a liberty once the whole path is occupied. */
        if (co1 == def || co2 == def) {
            if (ndef >= 15) return -1;
            if (co1 == def) dstr[ndef++] = O1;
            if (co2 == def) dstr[ndef++] = O2;
        }
        /* An enemy stone beside an atari stone (O1, O2 are never on the path) joins
         * it: the joined string must never be in atari on the target's turn, which
         * holds if it has two liberties once the whole path is occupied. */
        bool joined = co1 == att || co2 == att;
        if (joined) {
            if (njoin == 16) return -1;
            join[njoin][0] = O1;
            join[njoin++][1] = O2;
        }
        /* An atari stone beside the edge keeps one outer liberty: it is safe until
         * the target's turn two steps later, when it would be in atari. */
        if (first_weak && first_weak <= k - 2) return -1;
        if (cfa == GO_EMPTY && cfd == GO_EMPTY) {
            int e = (co1 == GO_EMPTY) + (co2 == GO_EMPTY);
            if (e == 1) {
                alt = true; /* the other atari leaves the target two liberties */
                if (!first_weak && !joined) first_weak = k;
            }
            if (e == 0) return -1;
            occupy(occ, D);
            nocc++;
            dprev = D;
            continue;
        }
        /* The last atari stone must not be capturable before the extension. */
        go_point ex[3] = {O1, O2, FD}, strs[4];
        int ns = 0;
        if (cfd == att) strs[ns++] = FD;
        if (co1 == att) strs[ns++] = O1;
        if (co2 == att) strs[ns++] = O2;
        if (union_libs(b, strs, ns, ex, 3, occ) < 2) return -1;
        occupy(occ, D);
        if (cfa == def || cfd == def) {
            /* Situations 1 and 3: the extension joins a friendly stone ahead. */
            ns = 0;
            if (cfa == def) strs[ns++] = FA;
            if (cfd == def) strs[ns++] = FD;
            go_point ahead[2] = {FA, FD};
            if (union_libs(b, strs, ns, ahead, 2, occ) < 3) return -1;
            /* The attacker's other atari here: the target extends at A instead. */
            ns = 0;
            if (cfd == def) strs[ns++] = FD;
            if (union_libs(b, strs, ns, ex, 3, occ) < 3) alt = true;
            return alt || !joins_safe(b, att, join, njoin, dstr, ndef, occ) ? -1 : 0;
        }
        /* Situations 4 and 5: enemy stones or the edge ahead leave the extension at
         * most one liberty, unless the extension captures one of those stones. */
        if (cfa == att) {
            strs[0] = FA;
            if (union_libs(b, strs, 1, NULL, 0, occ) < 1) return -1;
        }
        if (cfd == att) {
            strs[0] = FD;
            if (union_libs(b, strs, 1, ex, 2, occ) < 1) return -1;
        }
        return joins_safe(b, att, join, njoin, dstr, ndef, occ) ? 1 : -1;
    }
    return -1;
}

int go_ladder_trace(const go_board *b, go_point str) {
    go_point first;
    return trace(b, str, &first, NULL, -1);
}
