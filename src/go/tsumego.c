/* Life-and-death search: df-pn over the problem's region, passes as moves.
 *
 * The game: the attacker wins when the target string is captured; the
 * defender wins after two passes in a row with the target on the board, or
 * when a static rule shows the target alive. Simple ko; each side has a count
 * of outside ko threats (TS_THR_INF: ko master): retaking a banned ko spends
 * one. A position that repeats on the current line goes to the side with
 * unlimited threats, to the defender when neither has them.
 *
 * The search is core's df-pn (src/core/dfpn.c) through the callbacks below;
 * graph history is its business (a proof resting on a repetition of the line
 * never enters its main table). Its table entries are verified by the exact
 * state bytes (the packed colours of every region point and the
 * side/ko/pass/threat/stone-count word): a key collision cannot become a
 * proof. */
#include "yomi/go_tsumego.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dfpn.h"
#include "core/search.h"
#include "core/tt.h"
#include "go/eyes.h"
#include "go/order.h"
#include "go/problem.h"
#include "go/zone.h"

#define TS_MAXD 900
#define TS_VWORDS 8
#define TS_MAXZONE (TS_VWORDS * 32)
_Static_assert(TS_MAXZONE == GO_TSUMEGO_MAX_REGION, "the public region bound is the solver's");
#define TS_MAXM (TS_MAXZONE + 1)

#define TS_SPARES 8
#define TS_SC_LOCKS 65536 /* many: taking one writes its cache line */

typedef struct ts {
    go_board *b;
    go_color att, def;
    int thr[3]; /* ko threats left by colour; TS_THR_INF: unlimited */
    go_point target;
    ord_ctx ord;
    unsigned disable;
    go_color loser; /* with TS_LOSER_FULL: the side that gets every region point */
    int dlimit;
    int att_dlimit; /* go_tsumego_opts.att_distance: the attacker's own bound (0: dlimit) */
    bool blocking; /* go_tsumego_opts.blocking */
    bool att_pass; /* the attacker's pass is generated (the bent-four rule's game) */
    const go_point *ban; /* moves xc_generate leaves out at the root, or NULL */
    int nban;
    const go_point *ask; /* go_tsumego_opts.ask: the only first moves analysed, or NULL */
    int nask;
    uint64_t others_nodes; /* go_tsumego_opts.others_nodes and others_scale */
    int others_scale;
    yomi_ctl ctl;
    go_point zone[TS_MAXZONE];
    const bool *region;
    int nzone;
    int nwords; /* words of the packed region in use: (nzone + 31) / 32 */
    uint64_t pk[TS_VWORDS]; /* the packed region of the current position ... */
    bool pk_ok; /* ... when set (kept by play and undo, which update pk) */
    int16_t zidx[GO_MAX_POINTS]; /* index of a point in zone, -1 outside */
    /* Static answers: sc_n entries (a power of two) of sc_words words each, one
     * cache line when the region fits in TS_SC_LINE_WORDS: [0] the key, [1] the state
     * word, [2] the answer + 2 (0: empty), then the region's nwords packed words. The
     * memory (sctab's) is an anonymous mapping: zero, touched only where used. */
    uint64_t *scache;
    size_t sc_n;
    yomi_table sctab;
    /* With several workers (go_tsumego_opts.threads > 1) they share the cache: an entry
     * is read and written whole under the lock of its stripe (TS_SC_LOCKS of them, the
     * parent's; NULL with one worker). */
    atomic_int *sc_lock;
    int sc_words;
    /* Generated move lists (gen_cached): TS_GC_N entries of gc_words words, NULL when
     * the region has more points than a byte indexes. An entry: the key words (board
     * hash, state word, the generator's switches and ko, the last move), the packed
     * region, the move count + 1 (0: empty), then the moves as zone indices. */
    uint64_t *gcache;
    int gc_words;
    /* The position as core's dfpn sees it (the callbacks below). */
    go_color to_move;
    bool last_pass, ended;
    struct ts_step {
        go_point m, sk;
        go_color skc;
        bool last_pass, ended;
    } steps[TS_MAXD + 2];
    int nsteps;
    /* The best line so far of the first question a limit stopped (answer.best). */
    int nbest;
    go_point best[GO_TSUMEGO_MAX_PV];
    /* Threat tiers share proofs (tier_root): tier_kept while the table holds only the
     * tier questions of one generator (kept_disable) since the last forget; root_seen
     * when one of them met the problem's board again with the side to play to move
     * (root_pk, root_stones) at a position other than its root. */
    bool tier_kept;
    /* root_seen: the flag, shared by a parallel search's workers (a clone points to its
     * parent's), so an atomic one. */
    atomic_bool root_seen_v, *root_seen;
    /* Workers' copies (cb_clone) kept between the questions of this problem, so their
     * caches stay warm as the parent's does; freed by ts_free. */
    struct ts *spare[TS_SPARES];
    int nspare;
    unsigned kept_disable;
    uint64_t root_pk[TS_VWORDS];
    int root_stones[3];
    go_color root_mover;
    /* Dominance (tier_dominated): the threats (the side to play's, the opponent's) of
     * the kept tier questions, nsrc of them, and of the one asked now; its table and
     * game while it runs (lk_d NULL outside a tier question). */
    int nsrc;
    int src[6][2], cur_thr[2];
    dfpn *lk_d;
    const dfpn_game *lk_g;
    /* Clean life (prefer_clean_life): seki counts as a loss for the defender. Two
     * passes end the game in the defender's favour only with the target Benson-alive
     * (two eyes, unconditionally: a seki's shared liberties or an eyeless attacker
     * string beside them leave it not), and a static "alive" stands only as Benson's
     * or two single-point eyes (the eye-space solver's includes seki). */
    bool clean;
    /* go_tsumego_opts.keep in use: every question keeps the results of the ones before. */
    bool kept_game;
    /* YOMI_TS_TRACE set: each search's plays and result go to stderr, named by
     * phase, pass (0 distance generator, 1 every region point) and tier. */
    bool trace;
    int tr_pass, tr_tier;
    const char *tr_phase; /* refute_moves's caller */
} ts;
#define TS_SCACHE_MIN 32768 /* static cache entries at least */
#define TS_SC_HEAD 3 /* key, state word, answer */
#define TS_SC_LINE_WORDS 8 /* a 64-byte line */
/* Generator cache entries: df-pn expands a node again and again, each time asking its
 * moves; on 12 Cho problems (8 elementary, 4 intermediate) at 100k plays, callgrind
 * counted 6.4% fewer instructions with 4096 entries, 7.2% with 16384 (2026-11-27). */
#define TS_GC_N 16384
#define TS_GC_HEAD 4 /* its key words before the packed region */
#define TS_GC_PASS 255 /* a pass among its zone indices */

static uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

#define TS_THR_INF 7
_Static_assert(GO_TSUMEGO_MAX_THREATS < TS_THR_INF, "a count of threats is not the ko master's");

/* The ko point the mover may not take now without a threat (0 when none). */
static go_point ko_ban(const ts *s, go_color to_move) {
    const go_board *b = s->b;
    if (b->ko == GO_NO_POINT || b->ko_color != to_move) return 0;
    return b->ko;
}

static uint64_t state_word(const ts *s, go_color to_move, bool last_pass) {
    return (uint64_t)ko_ban(s, to_move) | (uint64_t)to_move << 10 | (uint64_t)last_pass << 12 |
        (uint64_t)s->thr[GO_BLACK] << 13 | (uint64_t)s->thr[GO_WHITE] << 16 |
        (uint64_t)(s->b->stones[GO_BLACK] & 0xffff) << 20 | (uint64_t)(s->b->stones[GO_WHITE] & 0xffff) << 36;
}

static uint64_t node_key(const ts *s, uint64_t st) { return go_board_hash(s->b) ^ mix64(st + 0x9e37ULL); }

static void pack(const ts *s, uint64_t *v) {
    memset(v, 0, sizeof(uint64_t) * TS_VWORDS);
    for (int i = 0; i < s->nzone; i++) v[i >> 5] |= (uint64_t)go_at(s->b, s->zone[i]) << ((i & 31) * 2);
}

/* The packed region of the current position, computed once (key2, state and the
 * static cache all read it); ts_play and ts_undo keep it current. */
static const uint64_t *packed(ts *s) {
    if (!s->pk_ok) {
        pack(s, s->pk);
        s->pk_ok = true;
    }
#if defined(YOMI_DEBUG_CHECKS) && YOMI_DEBUG_CHECKS
    uint64_t full[TS_VWORDS];
    pack(s, full);
    if (memcmp(full, s->pk, sizeof full) != 0) abort();
#endif
    return s->pk;
}

static void pk_set(ts *s, go_point p, go_color k) {
    int i = s->zidx[p];
    if (i < 0) return;
    int sh = (i & 31) * 2;
    s->pk[i >> 5] = (s->pk[i >> 5] & ~(3ULL << sh)) | (uint64_t)k << sh;
}

/* The last move's stone and captures into pk (after go_board_play), or out of it
 * (before go_board_undo). */
static void pk_move(ts *s, bool undo) {
    const go_board *b = s->b;
    const go_undo *u = &b->hist[b->nmoves - 1];
    if (u->point == GO_PASS) return;
    if (!undo) pk_set(s, u->point, (go_color)u->color);
    for (int j = 0; j < u->captured; j++)
        pk_set(s, b->cap_stack[u->cap_start + j], undo ? (go_color)u->cap_color : GO_EMPTY);
    if (undo) pk_set(s, u->point, GO_EMPTY);
}

/* The liberty p of the string headed by head (colour c) is a one-point eye of
 * it: every neighbour on the board is that string. It stops at the first
 * foreign neighbour. */
static bool own_eye(const go_board *b, go_point p, go_color c, go_point head) {
    GO_FOR_NEIGHBORS(p, q) {
        go_color k = go_at(b, q);
        if (k != GO_BORDER && (k != c || go_head_fast(b, q) != head)) return false;
    }
    return true;
}

/* Cheapest static life first: the target has two
 * single-point eyes, each an empty point whose every neighbour is a stone of
 * the target string. Neither can be filled by the attacker (suicide while the
 * string keeps another liberty), so the string lives unconditionally. */
static bool target_alive(const ts *s) {
    const go_board *b = s->b;
    go_color tc = go_at(b, s->target);
    if (tc != GO_BLACK && tc != GO_WHITE) return false;
    /* Every static evaluation asks this first: the liberty bitset is read in place. */
    go_point head = go_head_fast(b, s->target);
    const uint64_t *libs = b->libs[head];
    int eyes = 0;
    for (int i = 0; i < b->lib_words; i++)
        for (uint64_t w = libs[i]; w; w &= w - 1)
            if (own_eye(b, i * 64 + __builtin_ctzll(w), s->def, head) && ++eyes == 2) return true;
    return false;
}

static bool target_captured(const ts *s) { return go_at(s->b, s->target) != s->def; }

/* Static knowledge from go-eyes (proven, whoever is ko master): 1 the target
 * is dead with `to_move` to play, 0 alive, -1 unknown. `last_pass`: the
 * opponent just passed, so the defender to move could end the game by passing
 * (a "dead" answer does not hold then).
 *
 * go_life_status: Benson, then the exact eye-space solver (eyeshape.c) on the
 * target's enclosed eye spaces (one, or several as one game), both ko masters
 * agreeing; its answers hold in any threat setting of this search. Its cost
 * is a Benson pass and cached eye-space solutions, so it is cached here too,
 * by the packed region, the stone counts, the side to move and the ko ban. */
/* Benson only when the target has two liberties whose neighbours are all the
 * defender's stones (a vital region needs such a point, nearly always). */
static bool benson_worth(const ts *s) {
    const go_board *b = s->b;
    go_point libs[GO_MAX_POINTS];
    int n = go_string_liberties(b, s->target, libs, GO_MAX_POINTS), eyes = 0;
    for (int i = 0; i < n && eyes < 2; i++) {
        bool eye = true;
        GO_FOR_NEIGHBORS(libs[i], q) {
            go_color k = go_at(b, q);
            if (k != GO_BORDER && k != s->def) eye = false;
        }
        eyes += eye;
    }
    return eyes >= 2;
}

#define TS_ES_MAX 6 /* eye spaces the search solves exactly (3^n cost) */

/* The static cache's state word (besides the board hash and the packed region). */
static uint64_t static_word(const ts *s, go_color to_move) {
    const go_board *b = s->b;
    return (uint64_t)ko_ban(s, to_move) | (uint64_t)to_move << 10 | (uint64_t)b->stones[GO_BLACK] << 20 |
        (uint64_t)b->stones[GO_WHITE] << 36;
}

/* The static answer computed afresh: the filters, then the rules. A function of the
 * position (the board, the side to move and its ko ban) alone, so that the cache below
 * can hold it (GO_TS_NO_SCACHE computes every one afresh: the same search results). */
static int static_fresh(ts *s, go_color to_move) {
    const go_board *b = s->b;
    int race = (s->disable & GO_TS_NO_SEMEAI) ? -1 : GO_LIFE_RACE_MARGIN;
    /* The eye-space solver only when the target encloses a space of at most
     * GO_ES_MAX points (go_small_space), told by the floods that find the spaces
     * (a go_small_space call first flooded them twice: 3.4% of the solver's
     * instructions, callgrind, first 3 in10 at 100k, 2026-11-27). */
    bool small;
    int life = go_life_status_small(b, s->target, to_move, TS_ES_MAX, race, s->region, &small);
    if (!small)
        life = !benson_worth(s)             ? GO_LIFE_UNKNOWN
            : go_benson_alive(b, s->target) ? GO_LIFE_ALIVE
                                            : GO_LIFE_UNKNOWN;
    return life == GO_LIFE_ALIVE ? 0 : life == GO_LIFE_DEAD ? 1 : -1;
}

static uint64_t *sc_entry(const ts *s, uint64_t key) {
    return s->scache + (size_t)(key & (s->sc_n - 1)) * (size_t)s->sc_words;
}

/* Takes a stripe lock of the shared static cache. */
static void sc_spin(atomic_int *l) {
    while (atomic_exchange_explicit(l, 1, memory_order_acquire))
        while (atomic_load_explicit(l, memory_order_relaxed)) sched_yield();
}

static int static_status(ts *s, go_color to_move, bool last_pass) {
    if (s->disable & GO_TS_NO_STATIC) return -1;
    if (target_alive(s)) return 0;
    int r;
    if (s->disable & GO_TS_NO_SCACHE) {
        r = static_fresh(s, to_move);
    } else {
        const go_board *b = s->b;
        uint64_t st = static_word(s, to_move);
        uint64_t key = go_board_hash(b) ^ mix64(st);
        const uint64_t *v = packed(s);
        size_t vb = (size_t)s->nwords * sizeof *v; /* the words past nwords are 0 */
        uint64_t *e = sc_entry(s, key);
        atomic_int *l = s->sc_lock ? &s->sc_lock[key & (s->sc_n - 1) & (TS_SC_LOCKS - 1)] : NULL;
        if (l) sc_spin(l);
        bool hit = e[2] && e[0] == key && e[1] == st && !memcmp(e + TS_SC_HEAD, v, vb);
        r = hit ? (int)e[2] - 2 : 0;
        if (l) atomic_store_explicit(l, 0, memory_order_release);
        if (!hit) {
            r = static_fresh(s, to_move); /* the cache keeps "unknown" too */
            if (l) sc_spin(l);
            e[0] = key;
            e[1] = st;
            e[2] = (uint64_t)(r + 2);
            memcpy(e + TS_SC_HEAD, v, vb);
            if (l) atomic_store_explicit(l, 0, memory_order_release);
        }
    }
    if (r == 1 && last_pass && to_move == s->def) return -1;
    if (r == 0 && s->clean && !target_alive(s) && !go_benson_alive(s->b, s->target)) return -1;
    return r;
}

/* Plays m for c; a banned ko retake spends one of c's threats (none when
 * unlimited). *saved_ko records the lifted ban for ts_undo. */
static bool ts_play(ts *s, go_color c, go_point m, go_point *saved_ko, go_color *saved_kc) {
    go_board *b = s->b;
    *saved_ko = GO_NO_POINT;
    if (m != GO_PASS && s->thr[c] > 0 && b->ko == m && b->ko_color == c) {
        *saved_ko = b->ko;
        *saved_kc = b->ko_color;
        b->ko = GO_NO_POINT;
        b->ko_color = GO_EMPTY;
        if (s->thr[c] != TS_THR_INF) s->thr[c]--;
    }
    if (go_board_play(b, c, m) != GO_OK) {
        if (*saved_ko != GO_NO_POINT) {
            b->ko = *saved_ko;
            b->ko_color = *saved_kc;
            if (s->thr[c] != TS_THR_INF) s->thr[c]++;
        }
        return false;
    }
    if (s->pk_ok) pk_move(s, false);
    return true;
}

static void ts_undo(ts *s, go_point saved_ko, go_color saved_kc) {
    if (s->pk_ok) pk_move(s, true);
    go_board_undo(s->b);
    if (saved_ko != GO_NO_POINT) {
        s->b->ko = saved_ko;
        s->b->ko_color = saved_kc;
        if (s->thr[saved_kc] != TS_THR_INF) s->thr[saved_kc]++;
    }
}

static bool has_point(const go_point *v, int n, go_point m) {
    for (int i = 0; i < n; i++)
        if (v[i] == m) return true;
    return false;
}

/* A defender move captures an attacker string (m is then its last liberty). */
static bool captures(const go_board *b, go_color c, go_point m) {
    GO_FOR_NEIGHBORS(m, q) {
        if (go_at(b, q) == go_other(c) && go_libs_fast(b, q) == 1) return true;
    }
    return false;
}

/* Internal (s->disable, so the generator cache and the tier sharing tell the games
 * apart): the loser's check of a distance generator's loss, s->loser's moves every
 * region point, the other side's the generator's (see go_tsumego_solve). */
#define TS_LOSER_FULL (1u << 30)

static int gen_moves(ts *s, go_color c, go_point *out) {
    int n = 0;
    static _Thread_local int dist[GO_MAX_POINTS];
    bool use_d = !(s->disable & GO_TS_NO_DISTANCE) && !target_captured(s) &&
        !((s->disable & TS_LOSER_FULL) && c == s->loser);
    /* The blocking prune drops the defender's moves only, the case seed 000 gives it
     * for (a group that cannot make two eyes playing out every move the distance lets
     * it). On the attacker's moves it changed nothing but its cost: in10 at 2M plays
     * with both sides 55 / 8 / 24 correct / wrong / unknown, the defender's alone
     * 55 / 7 / 25, the attacker's alone 52 / 5 / 30 as without (125.97 M plays), and
     * each play cost 24% more CPU with both sides, about 8% with the defender's. */
    bool block = use_d && s->blocking && !(s->disable & GO_TS_NO_BLOCKING) && c != s->att;
    /* Only the distances below the limit are read: 9% of the solver's instructions
     * went to them (callgrind, first 3 in10 at 100k, 2026-11-27). The blocking prune
     * too reads no other: its moves are below dlimit, and a block q must be closer to
     * the target than its move (a q at dfar or more is no block, exact or not). */
    int dlim = c == s->att && s->att_dlimit ? s->att_dlimit : s->dlimit;
    int dfar = s->att_dlimit > s->dlimit ? s->att_dlimit : s->dlimit;
    if (use_d) zone_distance_below(s->b, s->region, s->target, dfar, dist);
    for (int i = 0; i < s->nzone; i++) {
        go_point m = s->zone[i];
        if (go_at(s->b, m) != GO_EMPTY) continue;
        if (use_d && dist[m] >= dlim) continue;
        int r = go_board_check_move(s->b, c, m);
        if (r == GO_OK || (r == GO_ILLEGAL_KO && s->thr[c] > 0)) out[n++] = m;
    }
    if (block) n = zone_block_prune(s->b, s->region, s->target, c, s->dlimit, dist, out, n);
    ord_sort(s->b, &s->ord, c, out, n);
    out[n++] = GO_PASS;
    return n;
}

const char *go_tsumego_result_name(yomi_result r) {
    switch (r) {
    case YOMI_WIN: return "win";
    case YOMI_KO_WIN: return "ko_win";
    case YOMI_KO_LOSS: return "ko_loss";
    case YOMI_SEKI: return "seki";
    case YOMI_LOSS: return "loss";
    case YOMI_DRAW: return "draw";
    default: return "unknown";
    }
}

static bool ts_init(ts *s, go_problem *p, const go_tsumego_opts *o) {
    memset(s, 0, sizeof *s);
    s->b = p->board;
    s->att = p->attacker;
    s->def = go_other(p->attacker);
    s->target = p->target;
    s->disable = o->disable;
    s->dlimit = o->distance > 0 ? o->distance : 4;
    s->att_dlimit = o->att_distance;
    s->blocking = o->blocking;
    s->ask = o->ask;
    s->others_nodes = o->others_nodes;
    s->others_scale = o->others_scale;
    s->nask = o->ask ? o->nask : 0;
    s->region = p->region;
    s->ord.att = s->att;
    s->ord.target = p->target;
    s->ord.disable = o->disable;
    memset(s->zidx, -1, sizeof s->zidx);
    GO_FOR_POINTS(p->board, q) {
        if (!p->region[q]) continue;
        if (s->nzone >= TS_MAXZONE) return false;
        s->zidx[q] = (int16_t)s->nzone;
        s->zone[s->nzone++] = q;
    }
    s->nwords = (s->nzone + 31) / 32;
    atomic_init(&s->root_seen_v, false);
    s->root_seen = &s->root_seen_v;
    pack(s, s->root_pk);
    s->root_mover = p->to_play;
    s->root_stones[GO_BLACK] = p->board->stones[GO_BLACK];
    s->root_stones[GO_WHITE] = p->board->stones[GO_WHITE];
    /* Entries of one line (two for a region of more than 160 points), aligned. */
    s->sc_words = TS_SC_HEAD + s->nwords <= TS_SC_LINE_WORDS ? TS_SC_LINE_WORDS : 2 * TS_SC_LINE_WORDS;
    /* As many lines as the df-pn table's megabytes hold, a power of two: a miss costs
     * a Benson pass and eye-space lookups, and on 40 Cho elementary problems at 500k
     * plays 32768 entries answered 41% of the lookups, 262144 (16 MB) 56%, for about
     * 6% less CPU (2026-11-26). Huge pages: the probes are random. */
    size_t line = (size_t)s->sc_words * sizeof(uint64_t), mb = o->lim.hash_mb ? o->lim.hash_mb : 16;
    size_t want = mb <= ((size_t)-1 >> 21) ? (mb << 20) / line : 0;
    s->sc_n = TS_SCACHE_MIN;
    while (s->sc_n * 2 <= want) s->sc_n *= 2;
    if (!yomi_table_init_buckets(&s->sctab, s->sc_n, line,
                                 s->sc_n * line >= ((size_t)4 << 20) ? YOMI_TABLE_HUGE : 0))
        return false;
    s->scache = (uint64_t *)s->sctab.mem;
    if (o->threads > 1) {
        s->sc_lock = malloc(TS_SC_LOCKS * sizeof *s->sc_lock);
        if (!s->sc_lock) return false;
        for (int i = 0; i < TS_SC_LOCKS; i++) atomic_init(&s->sc_lock[i], 0);
    }
    if (s->nzone < TS_GC_PASS) {
        s->gc_words = TS_GC_HEAD + s->nwords + 1 + (s->nzone + 1 + 7) / 8;
        s->gcache = calloc((size_t)TS_GC_N * (size_t)s->gc_words, sizeof(uint64_t));
    }
    return true;
}

static void clone_release(struct ts *c);

static void ts_free(ts *s) {
    yomi_table_free(&s->sctab);
    free(s->sc_lock);
    s->sc_lock = NULL;
    free(s->gcache);
    s->gcache = NULL;
    while (s->nspare > 0) clone_release(s->spare[--s->nspare]);
}

/* A worker's copy of the question at its root (dfpn_game.clone): its own board and
 * move-list cache; the rest is the parent's (region, ban list, the static cache and its
 * locks, the table dfpn_lookup reads, and the root_seen flag). */
static void *cb_clone(void *ctx) {
    ts *s = ctx;
    ts *c;
    if (s->nspare > 0) {
        /* a spare of an earlier question: the parent's state over it, its own board
         * and caches kept (their entries answer positions of this problem, as the
         * parent's own do across its questions) */
        c = s->spare[--s->nspare];
        go_board *b = c->b;
        uint64_t *gc = c->gcache;
        memcpy(c, s, sizeof *c);
        c->b = b;
        c->gcache = gc;
    } else {
        c = malloc(sizeof *c);
        if (!c) return NULL;
        memcpy(c, s, sizeof *c);
        c->gcache = NULL;
        c->b = go_board_new(go_board_size(s->b));
        if (!c->b) {
            free(c);
            return NULL;
        }
        /* without it the copy asks the generator each time: the same lists */
        if (s->gcache) c->gcache = calloc((size_t)TS_GC_N * (size_t)s->gc_words, sizeof(uint64_t));
    }
    c->nspare = 0;
    memset(&c->sctab, 0, sizeof c->sctab); /* the parent's cache (scache, sc_lock) */
    go_board_copy(c->b, s->b);
    return c;
}

static void clone_release(ts *c) {
    free(c->gcache);
    go_board_free(c->b);
    free(c);
}

/* Kept for the next question (ts_free releases the spares). */
static void cb_clone_free(void *ctx, void *copy) {
    ts *s = ctx;
    if (s->nspare < TS_SPARES)
        s->spare[s->nspare++] = copy;
    else
        clone_release(copy);
}

/* One line of YOMI_TS_TRACE: a search of `phase` (at first move m, or none)
 * spent `nodes` plays for result r. */
static void ts_trace(const ts *s, const char *phase, go_point m, uint64_t nodes, yomi_result r) {
    if (!s->trace) return;
    char v[8] = "-";
    if (m != GO_NO_POINT) go_vertex_format(s->b, m, v, (int)sizeof v);
    char t[2][4];
    for (int c = 0; c < 2; c++) {
        int k = s->thr[c ? GO_WHITE : GO_BLACK];
        snprintf(t[c], sizeof t[c], k == TS_THR_INF ? "inf" : "%d", k);
    }
    fprintf(stderr, "ts pass %d tier %d %-8s %-5s threats B %s W %s plays %llu %s\n", s->tr_pass, s->tr_tier,
            phase, v, t[0], t[1], (unsigned long long)nodes, go_tsumego_result_name(r));
}

/* ---- core dfpn adapter: the same game through dfpn_game callbacks ---- */

static uint64_t cb_key(void *ctx) {
    ts *s = ctx;
    return node_key(s, state_word(s, s->to_move, s->last_pass)) ^ (s->ended ? 0x5bd1e995ULL : 0);
}

static uint64_t cb_key2(void *ctx) {
    ts *s = ctx;
    uint64_t h = mix64(state_word(s, s->to_move, s->last_pass) * 31 + s->ended);
    const uint64_t *v = packed(s);
    for (int i = 0; i < s->nwords; i++) h = mix64(h ^ v[i]) + (uint64_t)i;
    return h;
}

/* Exact state bytes: the region's words in use, the state word, the end flag. */
static size_t state_bytes(const ts *s) { return (size_t)s->nwords * 8 + 9; }

static void cb_state(void *ctx, unsigned char *out) {
    ts *s = ctx;
    uint64_t st = state_word(s, s->to_move, s->last_pass);
    size_t w = (size_t)s->nwords * 8;
    const uint64_t *v = packed(s);
    /* Word by word: a few words, at every new child (a call of memcpy cost more). */
    for (int i = 0; i < s->nwords; i++) memcpy(out + 8 * i, &v[i], 8);
    memcpy(out + w, &st, 8);
    out[w + 8] = s->ended;
    /* The evaluation's static cache line. */
    if (!s->ended) {
        const uint64_t *e = sc_entry(s, go_board_hash(s->b) ^ mix64(static_word(s, s->to_move)));
        __builtin_prefetch(e);
        if (s->sc_words > TS_SC_LINE_WORDS) __builtin_prefetch(e + TS_SC_LINE_WORDS);
    }
}

/* The move list of the position (not ended) for its side to move: the generator, the
 * defender-in-atari filter and the attacker's pass cut. */
static int gen_list(ts *s, go_point *m) {
    int n = gen_moves(s, s->to_move, m);
    /* The defender with the target in atari: a move that neither takes the liberty
     * nor captures leaves it in atari with no ko ban (and so does a pass, unless it
     * ends the game), and the attacker captures at once (capture_now): only the
     * others are worth playing. An empty list is then a true loss. */
    if (s->to_move == s->def && !(s->disable & GO_TS_NO_STATIC) && go_libs_fast(s->b, s->target) == 1 &&
        (s->dlimit > 1 || (s->disable & GO_TS_NO_DISTANCE))) {
        go_point lib;
        go_string_liberties(s->b, s->target, &lib, 1);
        if (s->region[lib]) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (m[i] == lib || (m[i] == GO_PASS ? s->last_pass : captures(s->b, s->def, m[i])))
                    m[k++] = m[i];
            n = k;
        }
    }
    /* The attacker's pass always loses: the defender passes back, two passes in a row,
     * and the target is on the board (cb_evaluate: ended). Removing a lost move from
     * the attacker's list changes no value; an attacker with no other move loses, as
     * it would by passing. Not in the bent-four rule's game, where two passes start
     * the confirmation instead, nor in the clean-life question (prefer_clean_life),
     * where two passes beside a seki win for the attacker. Nor where order_init is
     * switched off; owl questions switch it off themselves (owl.c: their answers moved
     * with the search's order). */
    if (s->to_move == s->att && !s->att_pass && !s->clean &&
        !(s->disable & (GO_TS_NO_PASSCUT | GO_TS_NO_ORDER_INIT)) && n > 0 && m[n - 1] == GO_PASS)
        n--;
    return n;
}

/* gen_list through the generator cache (ts.gcache). An entry answers only a position
 * equal in what the df-pn table takes as exact (the packed region and the state word:
 * side to move, ko ban, threats, stone counts) and in the board hash, the generator's
 * switches, the ko and the last move (the ordering reads it), so a hit gives the list
 * gen_list would, in the same order (YOMI_DEBUG_CHECKS builds compare the two). */
static int gen_cached(ts *s, go_point *m) {
    if (!s->gcache) return gen_list(s, m);
    const go_board *b = s->b;
    int nk = TS_GC_HEAD + s->nwords;
    uint64_t w[TS_GC_HEAD + TS_VWORDS];
    w[0] = go_board_hash(b);
    w[1] = state_word(s, s->to_move, s->last_pass);
    w[2] = (uint64_t)s->disable | (uint64_t)(s->thr[s->to_move] > 0) << 32 | (uint64_t)s->att_pass << 33 |
        (uint64_t)s->clean << 34 | (uint64_t)(uint8_t)b->ko_color << 40 | (uint64_t)(uint8_t)s->loser << 48;
    w[3] = (uint64_t)(uint32_t)go_board_last_move(b) | (uint64_t)(uint32_t)b->ko << 32;
    memcpy(w + TS_GC_HEAD, packed(s), (size_t)s->nwords * sizeof(uint64_t));
    uint64_t h = mix64(w[0] ^ mix64(w[1] ^ w[3] * 0x9e3779b97f4a7c15ULL));
    uint64_t *e = s->gcache + (size_t)(h & (TS_GC_N - 1)) * (size_t)s->gc_words;
    uint8_t *idx = (uint8_t *)(e + nk + 1);
    if (e[nk] && memcmp(e, w, (size_t)nk * sizeof(uint64_t)) == 0) {
        int n = (int)e[nk] - 1;
        for (int i = 0; i < n; i++) m[i] = idx[i] == TS_GC_PASS ? GO_PASS : s->zone[idx[i]];
#if defined(YOMI_DEBUG_CHECKS) && YOMI_DEBUG_CHECKS
        go_point f[TS_MAXM];
        if (gen_list(s, f) != n || memcmp(f, m, (size_t)n * sizeof *m) != 0) abort();
#endif
        return n;
    }
    int n = gen_list(s, m);
    memcpy(e, w, (size_t)nk * sizeof(uint64_t));
    e[nk] = (uint64_t)n + 1;
    for (int i = 0; i < n; i++) idx[i] = m[i] == GO_PASS ? TS_GC_PASS : (uint8_t)s->zidx[m[i]];
    return n;
}

static int cb_generate(void *ctx, int *moves, int max) {
    ts *s = ctx;
    if (s->ended) return 0;
    go_point m[TS_MAXM];
    int n = gen_cached(s, m);
    if (n > max) n = max;
    for (int i = 0; i < n; i++) moves[i] = m[i];
    return n;
}

static void cb_play(void *ctx, int move) {
    ts *s = ctx;
    struct ts_step *st = &s->steps[s->nsteps++];
    st->m = move;
    st->last_pass = s->last_pass;
    st->ended = s->ended;
    st->sk = GO_NO_POINT;
    if (move == GO_PASS && s->last_pass) {
        s->ended = true; /* two passes: the game is over, the board stays */
    } else if (!ts_play(s, s->to_move, move, &st->sk, &st->skc)) {
        st->m = GO_NO_POINT; /* cannot happen: generated moves are legal */
    }
    s->last_pass = move == GO_PASS;
    s->to_move = go_other(s->to_move);
}

static void cb_undo(void *ctx) {
    ts *s = ctx;
    struct ts_step *st = &s->steps[--s->nsteps];
    bool played = st->m != GO_NO_POINT && !(st->m == GO_PASS && st->last_pass);
    if (played) ts_undo(s, st->sk, st->skc);
    s->last_pass = st->last_pass;
    s->ended = st->ended;
    s->to_move = go_other(s->to_move);
}

/* The attacker to move captures the target now: it has one liberty, a region point the
 * generator offers (a liberty is at distance 1), and the capture is legal (a capture
 * is never suicide; a ko ban only when the attacker has no threat left to lift it). */
static bool capture_now(const ts *s) {
    if (s->to_move != s->att || go_libs_fast(s->b, s->target) != 1) return false;
    if ((s->disable & GO_TS_NO_STATIC) || (s->dlimit <= 1 && !(s->disable & GO_TS_NO_DISTANCE))) return false;
    go_point lib;
    go_string_liberties(s->b, s->target, &lib, 1);
    if (!s->region[lib]) return false;
    return ko_ban(s, s->att) != lib || s->thr[s->att] > 0;
}

/* A position that one the table holds proved for the side to play dominates: the same
 * board, ko ban, side to move and last pass, with no more threats for the side to play
 * and no fewer for the opponent, won by the side to play. More threats never hurt a
 * side (its moves are a superset: a banned ko retake is one more, and capture_now, the
 * only other reader of a count, then says "captured" more often for the attacker; the
 * opponent's are a subset; the static answers read no threats), so the copy of that
 * win's strategy wins here: its value, DFPN_OPEN when none is found. Kept questions
 * share the repetition value (dfpn_keep), and a win proved where the repetition goes
 * against the winner is one by forcing alone. The counts looked up are those of the
 * kept questions' roots (their positions' counts are below them, which are roots of
 * later tiers). Only while no search of the window met the problem's board with the
 * side to play to move (root_seen): the copied strategy then never reaches the root,
 * a repetition here. */
static dfpn_value tier_dominated(ts *s) {
    go_color me = s->root_mover, opp = go_other(me);
    dfpn_value mine = me == s->att ? DFPN_WIN : DFPN_LOSS, v = DFPN_OPEN;
    int a = s->thr[me], b = s->thr[opp];
    for (int k = s->nsrc - 1; k >= 0 && v != mine; k--) {
        int a2 = s->src[k][0], b2 = s->src[k][1];
        if (a2 > a || b2 < b || (a2 == a && b2 == b)) continue;
        s->thr[me] = a2;
        s->thr[opp] = b2;
        v = dfpn_lookup(s->lk_d, s->lk_g, s);
        s->thr[me] = a;
        s->thr[opp] = b;
    }
    return v == mine ? v : DFPN_OPEN;
}

static dfpn_value cb_evaluate(void *ctx) {
    ts *s = ctx;
    if (target_captured(s)) return DFPN_WIN;
    if (s->ended) return s->clean && !go_benson_alive(s->b, s->target) ? DFPN_WIN : DFPN_LOSS;
    /* The root stays open: a static answer there would name no first move (the
     * root analysis then searches each one; the root recurs below only as a
     * repetition, so this depends on the position alone). */
    if (s->nsteps == 0) return DFPN_OPEN;
    if (s->to_move == s->root_mover && !s->last_pass && s->b->stones[GO_BLACK] == s->root_stones[GO_BLACK] &&
        s->b->stones[GO_WHITE] == s->root_stones[GO_WHITE] &&
        !memcmp(packed(s), s->root_pk, sizeof s->root_pk))
        atomic_store_explicit(s->root_seen, true, memory_order_relaxed); /* a later tier's root, whatever
                                                                            the threats (tier_root) */
    if (capture_now(s)) return DFPN_WIN;
    int st = static_status(s, s->to_move, s->last_pass);
    if (st < 0 && s->lk_d && s->nsrc && !atomic_load_explicit(s->root_seen, memory_order_relaxed))
        return tier_dominated(s);
    return st == 1 ? DFPN_WIN : st == 0 ? DFPN_LOSS : DFPN_OPEN;
}

static int cb_is_or(void *ctx) {
    ts *s = ctx;
    return s->to_move == s->att;
}

/* Deep df-pn (Ishitobi, Plaat, Iida and van den Herik, 2015): both numbers of a new
 * position d plies below the question's root are multiplied by TS_DEEP_E - d (1 from
 * TS_DEEP_E down). A fresh sibling near the root then looks dearer than the nodes
 * under the line being searched, so the search follows a line deeper before it
 * switches to another (the seesaw of wide trees). TS_DEEP_E: Cho elementary el10 at
 * 2M plays 79/6/5, 58.97 M -> 82/5/3, 54.32 M, intermediate in10 52/5/30, 128.55 M ->
 * 52/5/30, 125.94 M; E 15, 25, 30 gave in10 50/6/31, 127.59 M, 52/4/31, 125.61 M and
 * 52/4/31, 126.98 M, el10 81/6/3 at 25 and 30 (55.37, 56.01 M); E 10 el10 78/6/6; only
 * the number the parent chooses by in10 40/5/42, only the other 51/6/30 (2026-11-27). */
#define TS_DEEP_E 20

/* Initial numbers of a new position, from the target's chances of life H: its
 * liberties, plus those no attacker stone touches (room for eyes), plus two for a
 * one-point eye already made. A target with a large H is hard to capture (proof
 * grows with it) and easy to keep (disproof shrinks). The 8 and the weights: Cho
 * elementary el10 / intermediate in10 at 2M plays 79/6/5, 58.97 M and 52/5/30,
 * 128.55 M, against 78/6/6, 59.57 M and 51/5/31, 128.81 M from the liberties
 * alone (pn L, dn 5 - L); el15 86/1/3 either way, 53.19 against 53.73 M (2026-11-27). */
static void cb_estimate(void *ctx, int is_or, uint32_t *pn, uint32_t *dn) {
    ts *s = ctx;
    (void)is_or;
    if (s->disable & GO_TS_NO_ORDER) return;
    const go_board *b = s->b;
    go_point head = go_head_fast(b, s->target);
    const uint64_t *libs = b->libs[head];
    int h = 0;
    for (int i = 0; i < b->lib_words; i++)
        for (uint64_t w = libs[i]; w; w &= w - 1) {
            go_point p = i * 64 + __builtin_ctzll(w);
            bool open = true;
            GO_FOR_NEIGHBORS(p, q) open &= go_at(b, q) != s->att;
            h += 1 + open + 2 * own_eye(b, p, s->def, head);
        }
    *pn = (uint32_t)(h > 1 ? h : 1);
    *dn = (uint32_t)(h < 7 ? 8 - h : 1);
    if (!(s->disable & GO_TS_NO_DEEP) && s->nsteps < TS_DEEP_E) {
        uint32_t f = (uint32_t)(TS_DEEP_E - s->nsteps);
        *pn *= f;
        *dn *= f;
    }
}

static void core_game(ts *s, dfpn_game *g) {
    memset(g, 0, sizeof *g);
    g->key = cb_key;
    g->key2 = cb_key2;
    g->state_size = state_bytes(s);
    g->state = cb_state;
    g->generate = cb_generate;
    g->play = cb_play;
    g->undo = cb_undo;
    g->evaluate = cb_evaluate;
    g->is_or = cb_is_or;
    g->estimate = cb_estimate;
    /* Cho intermediate, the 8 of in10 that main solves only with 2M-8M plays: their
     * main searches took 44.6 M plays, 36.9 M with this (2026-11-26). */
    g->order_init = !(s->disable & (GO_TS_NO_ORDER | GO_TS_NO_ORDER_INIT));
    /* With order_init (the first move's number is then the smallest): Cho intermediate
     * in10 at 2M plays 48 -> 49 correct, elementary el10 the same 77 (2026-11-27). */
    g->killer = g->order_init && !(s->disable & GO_TS_NO_KILLER);
    g->max_moves = TS_MAXM;
    g->repetition = s->thr[s->att] == TS_THR_INF ? DFPN_WIN : DFPN_LOSS;
    g->clone = cb_clone;
    g->clone_free = cb_clone_free;
    g->worker_exit = go_es_cache_clear; /* the eye-space caches are thread-local */
}

/* Starts a df-pn question at the current board with `to_move` to play: a fresh
 * table (a new root) and a line with no steps, passes or end yet. */
static void new_root(ts *s, dfpn *d, go_color to_move) {
    dfpn_forget(d);
    s->tier_kept = false;
    s->to_move = to_move;
    s->last_pass = s->ended = false;
    s->nsteps = 0;
}

/* Starts a tier's question (the side to play at the problem's board): keeps the
 * proved results of the tiers asked before it, when only tier questions of the same
 * generator ran since the last forget and none of them met this root (dfpn_keep's
 * conditions, checked here for this game):
 *   - A state holds both threat counts (state_word), so a position reached in tier
 *     (0,1) after the opponent spent its threat is the same state as one of tier
 *     (0,0), and its moves and evaluation are the same: gen_moves and capture_now
 *     read the threats of the state; static_status is proved for every threat
 *     setting (go_life_status asks the eye-space solver with both ko masters); the
 *     rest reads the board, side to move, ko ban and last pass. The one exception,
 *     the root left open by cb_evaluate, is a root in the kept question too (a
 *     repetition there, so no kept result's proof passes through it).
 *   - The repetition value follows the ko master (core_game); dfpn_keep keeps
 *     nothing when it changes.
 *   - Per-move answers need the new root to be in no kept proof: cb_evaluate sees
 *     every position of a search but its root and repetitions, and root_seen notes
 *     the problem's board with the side to play to move (any threats, ko or not);
 *     then the next tier starts afresh. */
static void tier_root(ts *s, dfpn *d, go_color to_move) {
    if (s->kept_game) {
        /* go_tsumego_opts.keep: the table holds this game's questions only (keep_game),
         * and the answer names no first move (dfpn_keep's condition for per-move
         * answers is not checked). No dominance lookups: nsrc stays 0. */
        dfpn_keep(d);
        s->to_move = to_move;
        s->last_pass = s->ended = false;
        s->nsteps = 0;
        return;
    }
    if (s->tier_kept && !atomic_load(s->root_seen) && s->kept_disable == s->disable &&
        !(s->disable & GO_TS_NO_SHARE)) {
        dfpn_keep(d);
        if (s->nsrc < 6) {
            s->src[s->nsrc][0] = s->cur_thr[0];
            s->src[s->nsrc++][1] = s->cur_thr[1];
        }
    } else {
        dfpn_forget(d);
        atomic_store(s->root_seen, false);
        s->nsrc = 0;
    }
    s->cur_thr[0] = s->thr[to_move];
    s->cur_thr[1] = s->thr[go_other(to_move)];
    s->tier_kept = true;
    s->kept_disable = s->disable;
    s->to_move = to_move;
    s->last_pass = s->ended = false;
    s->nsteps = 0;
}

/* ---- Proofs kept between questions (go_tsumego_opts.keep) ---- */

struct go_tsumego_keep {
    dfpn *d[4]; /* the distance generator's game, every region point's, and the loser's
                 * check's with black, with white the side of every region point */
    size_t hash_mb;
    bool set; /* the game below is the one the tables hold */
    go_point target;
    go_color att;
    unsigned disable;
    int dlimit;
    bool blocking;
    int size;
    /* Each point: 4 in the region, else the colour outside it (the state bytes hold the
     * region's), compared exactly: a hash collision must not mix two games' proofs. */
    uint8_t cells[GO_MAX_POINTS];
};

go_tsumego_keep *go_tsumego_keep_new(size_t hash_mb) {
    go_tsumego_keep *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->hash_mb = hash_mb ? hash_mb : 16;
    /* The loser's checks' tables when first asked (go_tsumego_solve). */
    for (int i = 0; i < 2; i++) k->d[i] = dfpn_new(k->hash_mb);
    if (!k->d[0] || !k->d[1]) {
        go_tsumego_keep_free(k);
        return NULL;
    }
    return k;
}

void go_tsumego_thread_done(void) { go_es_cache_clear(); }

void go_tsumego_keep_free(go_tsumego_keep *k) {
    if (!k) return;
    for (int i = 0; i < 4; i++) dfpn_free(k->d[i]);
    free(k);
}

/* Makes k's tables hold p's game under o: kept when the target point, attacker,
 * region, the stones outside it and the game's switches are the last question's (the
 * region's colours, threats, side to move and ko ban are in each state; the repetition
 * value is checked by dfpn itself), else forgotten. */
static void keep_game(go_tsumego_keep *k, const go_problem *p, const go_tsumego_opts *o) {
    uint8_t cells[GO_MAX_POINTS];
    memset(cells, 0xff, sizeof cells);
    GO_FOR_POINTS(p->board, q) { cells[q] = p->region[q] ? 4 : (uint8_t)go_at(p->board, q); }
    int dlimit = (o->distance > 0 ? o->distance : 4) + 64 * o->att_distance;
    if (k->set && k->target == p->target && k->att == p->attacker && k->disable == o->disable &&
        k->dlimit == dlimit && k->blocking == o->blocking && k->size == p->size &&
        memcmp(k->cells, cells, sizeof cells) == 0)
        return;
    for (int i = 0; i < 4; i++)
        if (k->d[i]) dfpn_forget(k->d[i]);
    k->set = true;
    k->target = p->target;
    k->att = p->attacker;
    k->disable = o->disable;
    k->dlimit = dlimit;
    k->blocking = o->blocking;
    k->size = p->size;
    memcpy(k->cells, cells, sizeof cells);
}

/* Limits left of the problem's budget. */
static void remaining(const ts *s, const yomi_limits *all, uint64_t used, yomi_limits *out) {
    *out = *all;
    if (all->max_nodes) out->max_nodes = all->max_nodes > used ? all->max_nodes - used : 1;
    if (all->max_seconds > 0) {
        double left = all->max_seconds - yomi_ctl_elapsed(&s->ctl);
        out->max_seconds = left > 0.001 ? left : 0.001;
    }
}

/* True when the problem's one deadline or node budget is spent: every later
 * check is skipped (a skipped check changes nothing it has not proved), so
 * the answer checks share the main search's limit instead of adding theirs. */
static bool out_of_budget(const ts *s, const yomi_limits *all, uint64_t used) {
    if (all->max_nodes && used >= all->max_nodes) return true;
    if (all->cancel && atomic_load(all->cancel)) return true;
    return all->max_seconds > 0 && yomi_ctl_elapsed(&s->ctl) >= all->max_seconds;
}

static int ask_generate(void *ctx, int *moves, int max);

/* One tier with core's dfpn: fills wins[] for moves[]; returns 1 when the side
 * to play wins, 0 when it loses, -1 unknown. *used counts plays. */
static int tier_search(ts *s, go_problem *p, dfpn *d, const yomi_limits *all, uint64_t *used,
                       const go_point *moves, int n, int *wins, bool all_moves, go_point *pv, int *npv) {
    dfpn_game g;
    core_game(s, &g);
    tier_root(s, d, p->to_play);
    s->lk_d = d;
    s->lk_g = &g;
    yomi_limits lim;
    remaining(s, all, *used, &lim);
    dfpn_result r;
    if (dfpn_solve(d, &g, s, &lim, &r) != 0) return -1;
    *used += r.nodes;
    ts_trace(s, "tier", GO_NO_POINT, r.nodes, r.result);
    if (r.result == YOMI_UNKNOWN) {
        if (s->nbest == 0) {
            int bm[GO_TSUMEGO_MAX_PV];
            s->nbest = dfpn_pv_best(d, &g, s, bm, GO_TSUMEGO_MAX_PV);
            for (int i = 0; i < s->nbest; i++) s->best[i] = bm[i];
        }
        return -1;
    }
    bool me_att = p->to_play == s->att;
    if ((r.result == YOMI_WIN) != me_att) {
        for (int i = 0; i < n; i++) wins[i] = 0;
        return 0;
    }
    for (int i = 0; i < n; i++) wins[i] = -1;
    if (all_moves && s->ask)
        for (int i = 0; i < n; i++)
            if (!has_point(s->ask, s->nask, moves[i]))
                wins[i] = -2; /* not asked: neither listed nor counted undecided */
    int pvm[GO_TSUMEGO_MAX_PV];
    *npv = dfpn_pv(d, &g, s, pvm, GO_TSUMEGO_MAX_PV);
    for (int i = 0; i < *npv; i++) pv[i] = pvm[i];
    if (!all_moves && r.has_move) {
        for (int i = 0; i < n; i++)
            if (moves[i] == r.best_move) wins[i] = 1;
        return 1;
    }
    static _Thread_local dfpn_move_result mr[TS_MAXM];
    remaining(s, all, *used, &lim);
    /* go_tsumego_opts.ask: only the asked moves (the rest of the root's moves
     * are no question of the caller's). */
    dfpn_game ga = g;
    if (s->ask) ga.generate = ask_generate;
    int k = 0;
    if (s->others_nodes) {
        /* go_tsumego_opts.others_nodes: each first move asked alone, within its cap
         * (the table keeps what the main search proved: its own move costs a lookup). */
        ga.generate = ask_generate;
        const go_point *asked = s->ask;
        int nasked = s->nask;
        uint64_t spent = 0;
        for (int i = 0; i < n && k < TS_MAXM && !out_of_budget(s, all, *used + spent); i++) {
            if (asked && !has_point(asked, nasked, moves[i])) continue;
            remaining(s, all, *used + spent, &lim);
            uint64_t cap = s->others_nodes, scaled = (uint64_t)s->others_scale * r.nodes;
            if (scaled > cap) cap = scaled;
            if (!lim.max_nodes || lim.max_nodes > cap) lim.max_nodes = cap;
            s->ask = &moves[i];
            s->nask = 1;
            int one = dfpn_analyse_root(d, &ga, s, &lim, mr + k, 1);
            s->ask = asked;
            s->nask = nasked;
            if (one < 0) break;
            for (int j = k; j < k + one; j++) spent += mr[j].nodes;
            k += one;
        }
    } else {
        k = out_of_budget(s, all, *used) ? 0 : dfpn_analyse_root(d, &ga, s, &lim, mr, TS_MAXM);
    }
    for (int j = 0; j < k; j++) {
        *used += mr[j].nodes;
        ts_trace(s, "rootmove", mr[j].move, mr[j].nodes, mr[j].result);
        for (int i = 0; i < n; i++) {
            if (moves[i] != mr[j].move) continue;
            if (mr[j].result == YOMI_UNKNOWN)
                wins[i] = -1;
            else
                wins[i] = (mr[j].result == YOMI_WIN) == me_att;
        }
    }
    /* The main search proved its own best move: a limit that stopped the
     * root analysis leaves that one a win, the others undecided. */
    if (r.has_move)
        for (int i = 0; i < n; i++)
            if (moves[i] == r.best_move && wins[i] != 0) wins[i] = 1;
    return 1;
}

/* tier_search with the dominance lookups of cb_evaluate on while it runs. */
static int core_tier(ts *s, go_problem *p, dfpn *d, const yomi_limits *all, uint64_t *used,
                     const go_point *moves, int n, int *wins, bool all_moves, go_point *pv, int *npv) {
    int r = tier_search(s, p, d, all, used, moves, n, wins, all_moves, pv, npv);
    s->lk_d = NULL;
    s->lk_g = NULL;
    return r;
}

/* Records one tier's answers: how many first moves a limit left undecided and,
 * when some win (wins[i] == 1), the tier's result and those moves. */
static void take_wins(go_tsumego_answer *out, yomi_result res, const go_point *moves, const int *wins,
                      int n) {
    out->nunknown = 0;
    for (int i = 0; i < n; i++) out->nunknown += wins[i] == -1;
    for (int i = 0; i < n; i++)
        if (wins[i] == 1) {
            out->result = res;
            out->move_result[out->nmoves] = res;
            out->moves[out->nmoves++] = moves[i];
        }
}

/* ---- Forcing exchanges among the winning first moves ----
 *
 * A winning first move m is a forcing exchange when the opponent has an answer
 * r (one capturing m's stone; in a win, any) after which the
 * side to play wins only with another of the winning first moves (every move
 * outside them, pass included, is proved to lose): m and r
 * were an exchange played before the real key move (a kikashi that changes
 * nothing, or a sacrifice captured at once). Such moves still win; they go to
 * the answer's exchange list instead of moves[]. */

/* cb_generate, and at the root (no step played) only the moves that are in list
 * (in_list) or that are not (!in_list). */
static int root_filter(void *ctx, int *moves, int max, const go_point *list, int nlist, bool in_list) {
    int n = cb_generate(ctx, moves, max);
    const ts *s = ctx;
    if (s->nsteps != 0) return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (has_point(list, nlist, moves[i]) == in_list) moves[k++] = moves[i];
    return k;
}

/* cb_generate at the root of an exchange question without the banned moves. */
static int xc_generate(void *ctx, int *moves, int max) {
    const ts *s = ctx;
    return root_filter(ctx, moves, max, s->ban, s->nban, false);
}

/* cb_generate at the root of the per-move analysis: the asked moves only. */
static int ask_generate(void *ctx, int *moves, int max) {
    const ts *s = ctx;
    return root_filter(ctx, moves, max, s->ask, s->nask, true);
}

/* 1 when the side to play (p->to_play, on the board now) provably cannot win
 * with a move outside ban[0..nban); 0 when it can; -1 undecided. */
static int xc_only_banned(ts *s, go_problem *p, dfpn *d, const go_point *ban, int nban,
                          const yomi_limits *all, uint64_t budget, uint64_t *used) {
    dfpn_game g;
    core_game(s, &g);
    g.generate = xc_generate;
    s->ban = ban;
    s->nban = nban;
    new_root(s, d, p->to_play);
    yomi_limits lim;
    remaining(s, all, *used, &lim);
    if (!lim.max_nodes || lim.max_nodes > budget) lim.max_nodes = budget;
    dfpn_result r;
    int rc = dfpn_solve(d, &g, s, &lim, &r);
    s->ban = NULL;
    s->nban = 0;
    if (rc != 0) return -1;
    *used += r.nodes;
    ts_trace(s, "exchange", GO_NO_POINT, r.nodes, r.result);
    if (r.result == YOMI_UNKNOWN) return -1;
    return (r.result == YOMI_WIN) != (p->to_play == s->att);
}

/* The main line after first move m (m included): at most 200,000 plays of
 * what the problem's limits leave, added to *used (they were not counted
 * before, so the checks after it could spend them again and a problem could
 * pass --max-nodes); just m when they are spent. */
static int pv_after(ts *s, go_problem *p, dfpn *d, go_point m, go_point *pv, int max, const yomi_limits *all,
                    uint64_t *used) {
    go_point sk;
    go_color skc = GO_EMPTY;
    int n = 0;
    pv[n++] = m;
    if (out_of_budget(s, all, *used) || !ts_play(s, p->to_play, m, &sk, &skc)) return n;
    dfpn_game g;
    core_game(s, &g);
    new_root(s, d, go_other(p->to_play));
    yomi_limits lim;
    remaining(s, all, *used, &lim);
    if (!lim.max_nodes || lim.max_nodes > 200000) lim.max_nodes = 200000;
    dfpn_result r;
    bool ok = !target_captured(s) && dfpn_solve(d, &g, s, &lim, &r) == 0;
    if (ok) *used += r.nodes; /* the problem's plays: its limit and its count */
    if (ok) ts_trace(s, "pv", m, r.nodes, r.result);
    if (ok && r.result != YOMI_UNKNOWN) {
        int pvm[GO_TSUMEGO_MAX_PV];
        int k = dfpn_pv(d, &g, s, pvm, max - 1);
        for (int i = 0; i < k; i++) pv[n++] = pvm[i];
    }
    ts_undo(s, sk, skc);
    return n;
}

/* Moves the winners that are forcing exchanges from out->moves to
 * out->exchange (all of them stay when every winner is one). */
static void drop_exchanges(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out, const yomi_limits *all,
                           uint64_t budget, uint64_t *used) {
    int n = out->nmoves;
    if (n < 2 || n > 16) return;
    bool xc[16] = {false};
    int nxc = 0;
    uint64_t spent = 0;
    go_color me = p->to_play, opp = go_other(me);
    bool in_place = out->result == YOMI_WIN || out->result == YOMI_SEKI; /* see below */
    for (int i = 0; i < n && spent < budget && !out_of_budget(s, all, *used); i++) {
        go_point others[16];
        int no = 0;
        for (int j = 0; j < n; j++)
            if (j != i) others[no++] = out->moves[j];
        go_point sk, sk2;
        go_color skc = GO_EMPTY, skc2 = GO_EMPTY;
        if (!ts_play(s, me, out->moves[i], &sk, &skc)) continue;
        go_point replies[TS_MAXM];
        int nr = target_captured(s) ? 0 : gen_moves(s, opp, replies) - 1; /* not the pass */
        for (int k = 0; k < nr && !xc[i] && spent < budget && !out_of_budget(s, all, *used + spent); k++) {
            if (!ts_play(s, opp, replies[k], &sk2, &skc2)) continue;
            uint64_t u = *used + spent;
            /* An answer that captures m's stone (m then left nothing behind); in a
             * win (or seki) any answer: a forcing move the opponent answers in place
             * is an exchange too (Cho elementary #286: B16, answered at C16, leaves
             * only C19; #394: E19, then only D19; #488). Not in a ko: there it
             * dropped the book's moves (#21's ko kill: A19 for E18), and the answer
             * came to depend on the plays left (test_tier_share). */
            if (!target_captured(s) && (in_place || go_at(s->b, out->moves[i]) == GO_EMPTY))
                xc[i] = xc_only_banned(s, p, d, others, no, all, 20000, &u) == 1;
            spent = u - *used;
            ts_undo(s, sk2, skc2);
        }
        ts_undo(s, sk, skc);
        nxc += xc[i];
    }
    *used += spent;
    if (nxc == 0 || nxc == n) return;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (xc[i]) {
            out->exchange[out->nexchange++] = out->moves[i];
        } else {
            out->move_result[k] = out->move_result[i];
            out->moves[k++] = out->moves[i];
        }
    }
    out->nmoves = k;
}

/* An answer check's share of the plays left: 1/div of them, or `unlimited`
 * plays when the problem has no play limit. */
static uint64_t check_budget(const ts *s, const yomi_limits *all, uint64_t used, uint64_t div,
                             uint64_t unlimited) {
    yomi_limits lim;
    remaining(s, all, used, &lim);
    return lim.max_nodes ? lim.max_nodes / div : unlimited;
}

/* ---- Checking the distance generator's winners with every region move ----
 *
 * The distance generator leaves moves out for both sides, so a first move it
 * proves may lose to an answer it never generated. Each winner is searched
 * again with every region point generated (GO_TS_NO_DISTANCE): a move the full
 * search refutes is dropped. Returns the number refuted. */
/* For each first move m[i] of the side to play: lost[i] when the opponent,
 * to move after it, is proved to win under the current threats and generator
 * (undecided moves are not lost); open[i] (when open is not NULL) when a limit
 * stopped that search or left it unasked. */
static void refute_moves(ts *s, go_problem *p, dfpn *d, const go_point *m, int n, bool *lost, bool *open,
                         const yomi_limits *all, uint64_t budget, uint64_t *used) {
    for (int i = 0; i < n; i++) {
        lost[i] = false;
        if (open) open[i] = true;
    }
    uint64_t start = *used;
    for (int i = 0; i < n && !out_of_budget(s, all, *used); i++) {
        go_point sk;
        go_color skc = GO_EMPTY;
        if (!ts_play(s, p->to_play, m[i], &sk, &skc)) continue;
        if (!target_captured(s)) {
            dfpn_game g;
            core_game(s, &g);
            new_root(s, d, go_other(p->to_play));
            yomi_limits lim;
            remaining(s, all, *used, &lim);
            /* An equal share of what is left: plays an earlier move did not
             * need go to the later ones. */
            uint64_t spent = *used - start;
            uint64_t per = (budget > spent ? budget - spent : 0) / (uint64_t)(n - i);
            if (!lim.max_nodes || lim.max_nodes > per) lim.max_nodes = per ? per : 1;
            dfpn_result r;
            if (dfpn_solve(d, &g, s, &lim, &r) == 0) {
                *used += r.nodes;
                ts_trace(s, s->tr_phase, m[i], r.nodes, r.result);
                /* r is for the opponent to move: it refutes m when it wins. */
                if (r.result != YOMI_UNKNOWN) {
                    lost[i] = (r.result == YOMI_WIN) == (go_other(p->to_play) == s->att);
                    if (open) open[i] = false;
                }
            }
        } else if (open) {
            open[i] = false;
        }
        ts_undo(s, sk, skc);
    }
}

/* Keeps out->moves[i] where !drop[i]; returns the number dropped. */
static int keep_moves(go_tsumego_answer *out, const bool *drop) {
    int k = 0, n = out->nmoves;
    for (int i = 0; i < n; i++) {
        if (drop[i]) continue;
        out->move_result[k] = out->move_result[i];
        out->moves[k++] = out->moves[i];
    }
    out->nmoves = k;
    return n - k;
}

/* The threats check's findings (threats_first), by point: the lowest opponent's
 * threat count a first move is proved to lose at, and the highest it is proved to
 * win at (every region point searched), 0 when none. */
typedef struct ts_thr_found {
    int8_t lost_at[GO_MAX_POINTS], won_at[GO_MAX_POINTS];
} ts_thr_found;

/* The verify search of the moves out->moves[order[j]], j < k, into lost[] and
 * open[] at those indices; with have_sure (a winner confirmed that the threats
 * check never proved lost, so prefer_more_threats drops every move it proved
 * lost), none is searched: all are marked lost. */
static void verify_some(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out, const int *order, int k,
                        bool *lost, bool *open, bool have_sure, const yomi_limits *all, uint64_t budget,
                        uint64_t *used) {
    if (have_sure) {
        for (int j = 0; j < k; j++) {
            lost[order[j]] = true;
            open[order[j]] = false;
        }
        return;
    }
    if (k <= 0) return;
    go_point m[TS_MAXM];
    for (int j = 0; j < k; j++) m[j] = out->moves[order[j]];
    bool l[TS_MAXM], o[TS_MAXM];
    refute_moves(s, p, d, m, k, l, o, all, budget, used);
    for (int j = 0; j < k; j++) {
        lost[order[j]] = l[j];
        open[order[j]] = o[j];
    }
}

static int verify_wins(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out, const ts_thr_found *f,
                       const yomi_limits *all, uint64_t budget, uint64_t *used) {
    if (out->nmoves <= 0) return 0;
    unsigned saved = s->disable;
    s->disable |= GO_TS_NO_DISTANCE;
    bool lost[TS_MAXM], open[TS_MAXM];
    int n = out->nmoves;
    s->tr_phase = "verify";
    if (!f) {
        refute_moves(s, p, d, out->moves, n, lost, open, all, budget, used);
    } else {
        /* A move proved to win against more opponent's threats wins against
         * these (more threats never hurt the opponent): confirmed unsearched.
         * A move proved lost at a count where another move is proved to win is
         * dropped by prefer_more_threats whatever this search says: not asked.
         * Then the moves never proved lost, then (unless one of those is
         * confirmed, which drops them the same way) the rest. */
        int top = 0;
        for (int i = 0; i < n; i++)
            if (f->won_at[out->moves[i]] > top) top = f->won_at[out->moves[i]];
        int first[TS_MAXM] = {0}, rest[TS_MAXM] = {0}, na = 0,
            nb = 0; /* zeroed: gcc -O2 -g sees a maybe-uninitialized read */
        for (int i = 0; i < n; i++) {
            go_point m = out->moves[i];
            lost[i] = open[i] = false;
            if (f->won_at[m]) continue;
            if (f->lost_at[m] && f->lost_at[m] <= top) {
                lost[i] = true;
                continue;
            }
            if (f->lost_at[m])
                rest[nb++] = i;
            else
                first[na++] = i;
        }
        uint64_t start = *used;
        verify_some(s, p, d, out, first, na, lost, open, false, all, budget, used);
        bool sure = false;
        for (int i = 0; i < n; i++) sure |= f->won_at[out->moves[i]] && !f->lost_at[out->moves[i]];
        for (int j = 0; j < na; j++) sure |= !lost[first[j]] && !open[first[j]];
        uint64_t spent = *used - start;
        verify_some(s, p, d, out, rest, nb, lost, open, sure, all, budget > spent ? budget - spent : 0, used);
    }
    /* In the win tier, the moves their share left undecided are asked once
     * more with three quarters of the plays left, when that is a larger
     * share: an unchecked move stays listed, and the first shares (a third of
     * the plays left, split over the moves) often end with most of the
     * problem's plays unspent (Cho elementary #689 at 1M plays: F18, which the
     * book omits and the full search refutes, stayed after its 165,981 plays;
     * 263,737 in all). Not in a ko tier: the threat and bent-four checks and
     * the full search of the better tiers need those plays (intermediate #21
     * lost its bent-four kill A19 at 2M plays). */
    uint64_t per = budget / (uint64_t)n;
    go_point again[TS_MAXM];
    int idx[TS_MAXM], k = 0;
    for (int i = 0; i < n; i++)
        if (open[i] && !lost[i]) {
            again[k] = out->moves[i];
            idx[k++] = i;
        }
    uint64_t more = check_budget(s, all, *used, 4, 1000000) * 3;
    if (k > 0 && out->result == YOMI_WIN && !out_of_budget(s, all, *used) && more / (uint64_t)k > per) {
        bool lost2[TS_MAXM], open2[TS_MAXM];
        s->tr_phase = "verify2";
        refute_moves(s, p, d, again, k, lost2, open2, all, more, used);
        for (int j = 0; j < k; j++) {
            lost[idx[j]] = lost2[j];
            open[idx[j]] = open2[j];
        }
    }
    s->disable = saved;
    /* When the full search confirmed some winners, a winner it left undecided
     * is counted undecided, not listed: a listed move is then one every
     * region point was searched for (Cho intermediate #233 at 2.5M plays:
     * D19 confirmed, G19 undecided and not in the book). With none confirmed
     * the generator's winners stay (the answer is heuristic either way). */
    int confirmed = 0;
    for (int i = 0; i < n; i++) confirmed += !open[i] && !lost[i];
    if (confirmed > 0)
        for (int i = 0; i < n; i++)
            if (open[i] && !lost[i]) {
                lost[i] = true;
                out->nunknown++;
            }
    return keep_moves(out, lost);
}

/* ---- The Japanese bent-four rule ----
 *
 * Bent four in the corner is dead under the Japanese rules (Cho Chikun's
 * books follow them): its ko is one only the attacker can start, so the
 * attacker waits, removes every ko threat the defender has, and starts it at
 * the end (the 1989 rules' confirmation phase: there a ko retake needs a pass
 * first, so whoever captures first in a ko wins it). The rule's game: the
 * defender has unlimited threats, the attacker none, but two passes do not
 * end in the defender's favour; they start the confirmation, a search with
 * the attacker to move and no threats on either side, where two passes do.
 * An attacker's ko_win move m kills by the rule when the attacker wins that
 * game after m. A confirmation a limit stops counts for the defender. */
typedef struct jp_ctx {
    dfpn *conf; /* the confirmation searches' own table */
    uint64_t per, nodes, cap; /* plays a confirmation, plays spent, most to spend */
    const yomi_limits *all; /* the problem's limits ... */
    uint64_t used; /* ... and its plays before this question */
    struct jp_seen {
        uint64_t key;
        int8_t res; /* 0 empty, 1 attacker wins, 2 it does not */
    } seen[1024];
} jp_ctx;
static _Thread_local jp_ctx *jp_now;

static dfpn_value jp_evaluate(void *ctx) {
    ts *s = ctx;
    dfpn_value v = cb_evaluate(ctx);
    jp_ctx *j = jp_now;
    if (!j || v != DFPN_LOSS || !s->ended || target_captured(s)) return v;
    uint64_t key = go_board_hash(s->b);
    struct jp_seen *e = &j->seen[key & 1023];
    if (e->res && e->key == key) return e->res == 1 ? DFPN_WIN : DFPN_LOSS;
    if (j->nodes >= j->cap || out_of_budget(s, j->all, j->used + j->nodes)) return DFPN_LOSS;
    /* The confirmation from this position; the line state is put back after. */
    go_color to_move = s->to_move;
    bool last_pass = s->last_pass, ended = s->ended;
    int nsteps = s->nsteps, ta = s->thr[s->att], td = s->thr[s->def];
    s->thr[s->att] = s->thr[s->def] = 0;
    s->to_move = s->att;
    s->last_pass = s->ended = false;
    dfpn_game g;
    core_game(s, &g);
    dfpn_forget(j->conf);
    yomi_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_nodes = j->per;
    dfpn_result r;
    memset(&r, 0, sizeof r);
    bool att_wins = dfpn_solve(j->conf, &g, s, &lim, &r) == 0 && r.result == YOMI_WIN;
    j->nodes += r.nodes;
    s->thr[s->att] = ta;
    s->thr[s->def] = td;
    s->to_move = to_move;
    s->last_pass = last_pass;
    s->ended = ended;
    s->nsteps = nsteps;
    e->key = key;
    e->res = att_wins ? 1 : 2;
    return att_wins ? DFPN_WIN : DFPN_LOSS;
}

/* True when the attacker's move m kills by the rule (proved in the rule's
 * game within budget plays). */
static bool dead_by_rule(ts *s, go_problem *p, dfpn *d, jp_ctx *j, go_point m, const yomi_limits *all,
                         uint64_t budget, uint64_t *used) {
    go_point sk;
    go_color skc = GO_EMPTY;
    if (out_of_budget(s, all, *used) || !ts_play(s, p->to_play, m, &sk, &skc)) return false;
    bool dead = false;
    if (!target_captured(s)) {
        int ta = s->thr[s->att], td = s->thr[s->def];
        s->thr[s->att] = 0;
        s->thr[s->def] = TS_THR_INF;
        dfpn_game g;
        core_game(s, &g);
        g.evaluate = jp_evaluate;
        g.clone = NULL; /* jp_evaluate reads this thread's jp_now: one worker */
        s->att_pass = true; /* a pass can win in the rule's game; its confirmations keep it too */
        new_root(s, d, s->def);
        yomi_limits lim;
        remaining(s, all, *used, &lim);
        if (!lim.max_nodes || lim.max_nodes > budget) lim.max_nodes = budget ? budget : 1;
        j->nodes = 0;
        j->cap = budget / 2;
        j->all = all;
        j->used = *used;
        if (lim.max_nodes > budget / 2) lim.max_nodes = budget / 2 ? budget / 2 : 1;
        jp_now = j;
        dfpn_result r;
        memset(&r, 0, sizeof r);
        dead = dfpn_solve(d, &g, s, &lim, &r) == 0 && r.result == YOMI_WIN;
        jp_now = NULL;
        s->att_pass = false;
        *used += r.nodes + j->nodes;
        ts_trace(s, "bentfour", m, r.nodes + j->nodes, r.result);
        s->thr[s->att] = ta;
        s->thr[s->def] = td;
    }
    ts_undo(s, sk, skc);
    return dead;
}

/* Under go_tsumego_opts.bent_four_dead: keeps the ko_win kills that are kills
 * by the rule, now wins (by_rule); the answer is unchanged when there are none. */
static void apply_bent_four_rule(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out,
                                 const yomi_limits *all, uint64_t budget, uint64_t *used) {
    jp_ctx *j = calloc(1, sizeof *j);
    if (!j) return;
    j->conf = dfpn_new(4);
    j->per = 20000;
    bool other[TS_MAXM];
    int ndead = 0;
    for (int i = 0; i < out->nmoves && j->conf; i++) {
        uint64_t per = budget / (uint64_t)out->nmoves;
        other[i] = !dead_by_rule(s, p, d, j, out->moves[i], all, per ? per : 1, used);
        ndead += !other[i];
    }
    dfpn_free(j->conf);
    free(j);
    if (!ndead) return;
    keep_moves(out, other);
    for (int i = 0; i < out->nmoves; i++) out->move_result[i] = YOMI_WIN;
    out->result = YOMI_WIN;
    out->by_rule = true;
}

/* The threats check of prefer_more_threats asked before verify_wins, into f
 * (cleared first), dropping nothing: at 2M plays the verify searches of a ko
 * tier's winners used the plays, the threats check then had too few to refute
 * the weaker ones (Cho elementary #100: verify needs 1.38M plays for B19 and
 * 3.19M for D19, two opponent's threats refute them in 96k and 26k). What it
 * proves lets verify_wins skip moves, and prefer_more_threats decide without
 * searching again. Every region point is searched, as in verify_wins. */
static void threats_first(ts *s, go_problem *p, dfpn *d, const go_tsumego_answer *out, int theirs,
                          ts_thr_found *f, const yomi_limits *all, uint64_t budget, uint64_t *used) {
    memset(f, 0, sizeof *f);
    go_color opp = go_other(p->to_play);
    int saved = s->thr[opp];
    unsigned saved_disable = s->disable;
    s->disable |= GO_TS_NO_DISTANCE;
    go_point c[TS_MAXM];
    int nc = out->nmoves;
    memcpy(c, out->moves, sizeof(go_point) * (size_t)nc);
    uint64_t start = *used;
    /* Each count asks the moves not proved lost at fewer, as prefer_more_threats
     * keeps them, with all that is left of the budget. */
    for (int k = theirs + 1; k <= 3 && nc > 1 && !out_of_budget(s, all, *used); k++) {
        s->thr[opp] = k;
        bool lost[TS_MAXM], open[TS_MAXM];
        s->tr_phase = "threats";
        uint64_t spent = *used - start;
        refute_moves(s, p, d, c, nc, lost, open, all, budget > spent ? budget - spent : 0, used);
        int nl = 0, kk = 0;
        for (int i = 0; i < nc; i++) {
            if (lost[i])
                f->lost_at[c[i]] = (int8_t)k;
            else if (!open[i])
                f->won_at[c[i]] = (int8_t)k;
            nl += lost[i];
        }
        if (nl == nc) break;
        for (int i = 0; i < nc; i++)
            if (!lost[i]) c[kk++] = c[i];
        nc = kk;
    }
    s->disable = saved_disable;
    s->thr[opp] = saved;
}

/* Among ko_win moves found with the opponent allowed `theirs` threats, keeps
 * those that still win when it has more (up to 3): a move that needs the
 * opponent to have fewer threats is the weaker answer. With f (threats_first
 * ran), its findings decide, nothing is searched. */
static void prefer_more_threats(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out, int theirs,
                                const ts_thr_found *f, const yomi_limits *all, uint64_t budget,
                                uint64_t *used) {
    if (f) {
        for (int k = theirs + 1; k <= 3 && out->nmoves > 1; k++) {
            bool lost[TS_MAXM];
            int nl = 0;
            for (int i = 0; i < out->nmoves; i++) {
                int at = f->lost_at[out->moves[i]];
                lost[i] = at && at <= k;
                nl += lost[i];
            }
            if (nl == out->nmoves) break;
            keep_moves(out, lost);
        }
        return;
    }
    go_color opp = go_other(p->to_play);
    int saved = s->thr[opp];
    /* Every region point, as in verify_wins: under the distance generator a
     * move can seem to lose for want of a move it leaves out, and when all
     * seem to lose none is dropped (Cho elementary #188: A18 still kills
     * against two threats, B19 does not; both seemed lost, both stayed). */
    unsigned saved_disable = s->disable;
    if (!(s->disable & GO_TS_NO_VERIFY)) s->disable |= GO_TS_NO_DISTANCE;
    for (int k = theirs + 1; k <= 3 && out->nmoves > 1; k++) {
        s->thr[opp] = k;
        bool lost[TS_MAXM];
        s->tr_phase = "threats";
        refute_moves(s, p, d, out->moves, out->nmoves, lost, NULL, all, budget / 3, used);
        int nl = 0;
        for (int i = 0; i < out->nmoves; i++) nl += lost[i];
        if (nl == out->nmoves) break; /* none is stronger */
        keep_moves(out, lost);
    }
    s->disable = saved_disable;
    s->thr[opp] = saved;
}

/* A living problem's winners in the win tier, asked again with seki counted as a
 * loss (ts.clean), every region point searched: when some move is proved to live
 * cleanly, the moves proved to reach no more than seki are dropped (the book's
 * answer is the two-eyed life: Cho elementary #264, D18 only gets seki); when every
 * move is proved to reach no more, the result is YOMI_SEKI (the target survives,
 * but the opponent as ko master can stop clean life). Undecided moves stay. In a ko
 * tier (may_seki false) the same drop, under the tier's threats, but the result stays
 * the ko's (Cho intermediate #261: B19 and A17 win the ko, A17 then reaches only seki;
 * the book gives B19: in10 at 2M plays 55 -> 56 correct, el10 and el15 unchanged). */
static void prefer_clean_life(ts *s, go_problem *p, dfpn *d, go_tsumego_answer *out, const yomi_limits *all,
                              uint64_t budget, uint64_t *used, bool may_seki) {
    int n = out->nmoves;
    if (n <= 0) return;
    unsigned saved = s->disable;
    s->disable |= GO_TS_NO_DISTANCE;
    s->clean = true;
    s->tr_phase = "clean";
    bool lost[TS_MAXM], open[TS_MAXM];
    refute_moves(s, p, d, out->moves, n, lost, open, all, budget, used);
    s->clean = false;
    s->disable = saved;
    int nclean = 0, nseki = 0;
    for (int i = 0; i < n; i++) {
        nclean += !open[i] && !lost[i];
        nseki += lost[i];
    }
    if (nseki == n) {
        if (!may_seki) return; /* a ko tier's class stays: seki is no ko result */
        out->result = YOMI_SEKI;
        for (int i = 0; i < n; i++) out->move_result[i] = YOMI_SEKI;
    } else if (nclean > 0) {
        keep_moves(out, lost);
    }
}

/* The winners of tier t (wins[i] == 1 for moves[i]; first moves a limit left
 * undecided counted) into out, with the answer checks of the pass; false when the
 * full search refuted every winner (out then holds none). */
typedef struct ts_tier {
    int mine, theirs;
    yomi_result res;
} ts_tier;

static bool finish_tier(ts *s, go_problem *p, dfpn *d, const go_tsumego_opts *o, const ts_tier *tier,
                        bool full, const go_point *moves, const int *wins, int n, const go_point *pv, int npv,
                        go_tsumego_answer *out, const yomi_limits *L, uint64_t *usedp) {
    uint64_t used = *usedp;
    take_wins(out, tier->res, moves, wins, n);
    if (out->nmoves > 0) {
        memcpy(out->pv, pv, sizeof(go_point) * (size_t)npv);
        out->npv = npv;
        bool more_threats = o->all_moves && tier->res == YOMI_KO_WIN && tier->theirs > 0 &&
            tier->theirs < TS_THR_INF && out->nmoves > 1;
        /* The threats check first (threats_first) where verify_wins follows. */
        static _Thread_local ts_thr_found found;
        const ts_thr_found *f = NULL;
        if (!full && o->all_moves && !(o->disable & GO_TS_NO_VERIFY)) {
            if (more_threats && !(o->disable & GO_TS_NO_THREATS_FIRST)) {
                uint64_t budget = check_budget(s, L, used, 3, 1000000);
                threats_first(s, p, d, out, tier->theirs, &found, L, budget, &used);
                f = &found;
            }
            uint64_t budget = check_budget(s, L, used, 3, 1000000);
            verify_wins(s, p, d, out, f, L, budget, &used);
            if (out->nmoves == 0) {
                out->npv = 0;
                *usedp = used;
                return false;
            }
            if (out->pv[0] != out->moves[0])
                out->npv = pv_after(s, p, d, out->moves[0], out->pv, GO_TSUMEGO_MAX_PV, L, &used);
        }
        if (o->seki && o->all_moves && p->live && (tier->res == YOMI_WIN || !o->class_only)) {
            uint64_t budget = check_budget(s, L, used, 3, 1000000);
            prefer_clean_life(s, p, d, out, L, budget, &used, tier->res == YOMI_WIN);
            if (out->npv && out->pv[0] != out->moves[0])
                out->npv = pv_after(s, p, d, out->moves[0], out->pv, GO_TSUMEGO_MAX_PV, L, &used);
        }
        if (more_threats && out->nmoves > 1) {
            uint64_t budget = check_budget(s, L, used, 3, 1000000);
            prefer_more_threats(s, p, d, out, tier->theirs, f, L, budget, &used);
            if (out->npv && out->pv[0] != out->moves[0])
                out->npv = pv_after(s, p, d, out->moves[0], out->pv, GO_TSUMEGO_MAX_PV, L, &used);
        }
        if (o->bent_four_dead && !o->class_only && !p->live && tier->res == YOMI_KO_WIN) {
            uint64_t budget = check_budget(s, L, used, 3, 1000000);
            apply_bent_four_rule(s, p, d, out, L, budget, &used);
            if (out->by_rule && out->npv && out->pv[0] != out->moves[0])
                out->npv = pv_after(s, p, d, out->moves[0], out->pv, GO_TSUMEGO_MAX_PV, L, &used);
        }
        if (o->all_moves && !(o->disable & GO_TS_NO_EXCHANGE)) {
            uint64_t budget = check_budget(s, L, used, 2, 2000000);
            drop_exchanges(s, p, d, out, L, budget, &used);
            if (out->nexchange && out->npv && out->pv[0] != out->moves[0])
                out->npv = pv_after(s, p, d, out->moves[0], out->pv, GO_TSUMEGO_MAX_PV, L, &used);
        }
    }
    *usedp = used;
    return true;
}

/* An answer emptied for the next pass of solve_target (a search over other moves). */
static void answer_restart(go_tsumego_answer *out) {
    out->result = YOMI_UNKNOWN;
    out->nmoves = out->nexchange = out->npv = out->nunknown = 0;
    out->proved = true;
}

/* A side's threats with go_tsumego_opts.threats' count k given too: the larger, the
 * ko master's unlimited ones kept, k cut to GO_TSUMEGO_MAX_THREATS. */
static int with_threats(int have, int k) {
    if (k > GO_TSUMEGO_MAX_THREATS) k = GO_TSUMEGO_MAX_THREATS;
    return have == TS_THR_INF || have >= k ? have : k;
}

/* The kept table of the loser's check's game with `loser` the side of every region point,
 * made when first needed; NULL when out of memory. */
static dfpn *kept_loser_table(go_tsumego_keep *kt, go_color loser, int threads) {
    int md = loser == GO_BLACK ? 2 : 3;
    if (!kt->d[md]) {
        kt->d[md] = dfpn_new(kt->hash_mb);
        if (kt->d[md]) dfpn_set_threads(kt->d[md], threads);
    }
    return kt->d[md];
}

static void solve_target(go_problem *p, const go_tsumego_opts *opts, go_tsumego_answer *out) {
    go_tsumego_opts defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.all_moves = true;
    const go_tsumego_opts *o = opts ? opts : &defaults;
    memset(out, 0, sizeof *out);
    out->result = YOMI_UNKNOWN;
    /* The distance generator leaves moves out for both sides: its answers are
     * proofs about the restricted game only, so they say heuristic. */
    out->proved = (o->disable & GO_TS_NO_DISTANCE) != 0;
    int npoints = 0;
    GO_FOR_POINTS(p->board, q) npoints += p->region[q];
    if (npoints > TS_MAXZONE) {
        out->too_large = true;
        return;
    }
    ts s;
    if (!ts_init(&s, p, o)) {
        ts_free(&s);
        return;
    }
    yomi_ctl_init(&s.ctl, &o->lim, "tsumego");
    s.trace = getenv("YOMI_TS_TRACE") != NULL;
    if (s.trace) {
        /* The framed board, region points in lower case ('+' empty). */
        for (int y = p->board->size - 1; y >= 0; y--) {
            char row[GO_MAX_SIZE + 2];
            int k = 0;
            for (int x = 0; x < p->board->size; x++) {
                go_point q = go_pt(x, y);
                go_color c = go_at(p->board, q);
                row[k++] = c == GO_BLACK ? (p->region[q] ? 'x' : 'X')
                    : c == GO_WHITE      ? (p->region[q] ? 'o' : 'O')
                                         : (p->region[q] ? '+' : '.');
            }
            row[k] = 0;
            fprintf(stderr, "ts %2d %s\n", p->board->size - y, row);
        }
    }
    go_point moves[TS_MAXM];
    go_color me = p->to_play, opp = go_other(me);
    int wins[TS_MAXM];
    /* Tiers from the best result down: (my threats, the opponent's threats). */
    ts_tier tiers[6];
    int ntiers = 0;
    if (o->fixed_master) {
        tiers[0].mine = o->ko_master == me ? TS_THR_INF : 0;
        tiers[0].theirs = o->ko_master == opp ? TS_THR_INF : 0;
        if (o->one_threat == me && !tiers[0].mine) tiers[0].mine = 1;
        if (o->one_threat == opp && !tiers[0].theirs) tiers[0].theirs = 1;
        tiers[0].mine = with_threats(tiers[0].mine, o->threats[me]);
        tiers[0].theirs = with_threats(tiers[0].theirs, o->threats[opp]);
        tiers[0].res = YOMI_WIN;
        ntiers = 1;
    } else {
        static const int tm[6] = {0, 0, 0, 1, 2, TS_THR_INF};
        static const int tt[6] = {TS_THR_INF, 1, 0, 0, 0, 0};
        for (int t = 0; t < 6; t++) {
            tiers[t].mine = tm[t];
            tiers[t].theirs = tt[t];
            tiers[t].res = t == 0 ? YOMI_WIN : t < 3 ? YOMI_KO_WIN : YOMI_KO_LOSS;
        }
        ntiers = 6;
    }
    /* Kept tables only for one fixed question with no first moves asked. */
    go_tsumego_keep *kt =
        o->keep && o->fixed_master && !o->all_moves && !(o->disable & GO_TS_NO_KEEP) ? o->keep : NULL;
    if (kt) keep_game(kt, p, o);
    s.kept_game = kt != NULL;
    dfpn *d =
        kt ? kt->d[(o->disable & GO_TS_NO_DISTANCE) != 0] : dfpn_new(o->lim.hash_mb ? o->lim.hash_mb : 16);
    if (d) dfpn_set_threads(d, o->threads);
    bool full = (o->disable & GO_TS_NO_DISTANCE) != 0;
    /* go_tsumego_opts.loser_first: the first pass is the loser's check's game (the side
     * to play every region point, the other side the generator's moves). A loss there
     * is proved and is the answer. Where the side to play won a tier's search there
     * (the guess was wrong), the default passes follow with the plays left, without
     * the loser's check: it would find that win again. */
    bool mixed0 = !full && o->loser_first && !(o->disable & GO_TS_NO_MIXED), m0_won = false,
         skip_mixed = false;
    if (mixed0) {
        dfpn *dm = kt ? kept_loser_table(kt, me, o->threads) : d;
        if (dm) {
            s.disable |= TS_LOSER_FULL;
            s.loser = me;
            d = dm;
        } else {
            mixed0 = false;
        }
    }
    uint64_t used = 0;
    const yomi_limits *L = &o->lim;
    yomi_limits rerun_lim;
    go_tsumego_answer *heur = NULL; /* the distance generator's loss, while the full search runs */
    /* Pass 0 with the distance generator (unless switched off); pass 1, every
     * region point, when pass 0 ends in a loss or the full search refutes all
     * of its winners, or when pass 0 wins only in a lower tier (a ko): the
     * better tiers are then asked again with every region point, since the
     * move that wins them may be one the distance generator leaves out
     * (tsumego.js gop/15568: Black G4 kills outright, pass 0 found only a ko). */
    /* The loser's check of a distance generator's loss: the side to play (the loser)
     * gets every region point, the other side the generator's moves. A loss there is
     * a loss (the winner's moves were a subset of its own, the loser's all of them) and
     * proved; a win there proves nothing, and the full search asks (tsumego.js at 2M:
     * the full search of such losses took about half of the plays). */
    bool mixed = false;
    int tend = ntiers; /* tiers this pass asks: all, or the ones better than pass 0's */
    int found = -1; /* the tier whose winners the answer holds */
again:;
    /* One result class at a time (win, ko_win, ko_loss), each settled by its
     * easiest tier when the pass asks all six: (0,0) for ko_win, (inf,0) for
     * ko_loss. A loss there is a loss in the class's harder tiers (more threats
     * never hurt a side), which are then skipped. A win settles the class: its
     * winners are kept (the anchor) while the harder tiers, (0,1) and (1,0) then
     * (2,0), ask with three quarters of the plays left for moves that need fewer
     * threats; one that wins gives the answer as the best-first order did, one
     * that loses, is cut short or sees every winner refuted leaves the anchor's
     * winners, proved in the same class (before: a ko tier cut short left the
     * answer unknown). Measured: see the commit of 2026-11-27. */
    bool classes = tend == 6 && ntiers == 6 && !(o->disable & GO_TS_NO_CLASSES);
    /* go_tsumego_opts.class_only: (0, 0) decides win-or-ko_win alone (a loss there is a
     * loss in (0, inf) and (0, 1); a win is the class), so the tiers start there. */
    int t = o->class_only && ntiers == 6 ? 2 : 0, anchor = -1, an = 0, anpv = 0;
    static _Thread_local go_point amoves[TS_MAXM];
    static _Thread_local int awins[TS_MAXM];
    go_point apv[GO_TSUMEGO_MAX_PV];
    while (t < tend) {
        s.tr_pass = full + mixed;
        s.tr_tier = t;
        s.thr[me] = tiers[t].mine;
        s.thr[opp] = tiers[t].theirs;
        /* The first moves (not the pass) under this tier's threats and this
         * pass's generator: a banned ko retake is one when the side has a
         * threat to spend (generated once before the tiers, with none, it was
         * missing, and a win by retaking had no first move to show:
         * tsumego.js gop/20712). */
        int n = gen_moves(&s, me, moves) - 1;
        for (int i = 0; i < n; i++) wins[i] = -1;
        int nwin = 0;
        go_point pv[GO_TSUMEGO_MAX_PV];
        int npv = 0;
        /* An anchor's question is for the class only: its first moves are asked
         * (afresh, the proofs kept) only when its winners become the answer. */
        /* go_tsumego_opts.class_only: the class's tier gives the answer, no harder tier
         * is asked for moves that need fewer threats. */
        bool anchor_q = classes && anchor < 0 && !o->class_only && (t == 2 || t == 5);
        /* A harder tier leaves a quarter of the plays (and time) left for the
         * anchor's first moves and checks, should it not win. */
        const yomi_limits *TL = L;
        yomi_limits most;
        if (anchor >= 0) {
            most = *L;
            if (L->max_nodes)
                most.max_nodes = used + (L->max_nodes > used ? (L->max_nodes - used) / 4 * 3 : 0);
            if (L->max_seconds > 0) {
                double now = yomi_ctl_elapsed(&s.ctl);
                most.max_seconds = now + (L->max_seconds > now ? (L->max_seconds - now) * 0.75 : 0);
            }
            TL = &most;
        }
        int r = d ? core_tier(&s, p, d, TL, &used, moves, n, wins, o->all_moves && !anchor_q, pv, &npv) : -1;
        if (r >= 0)
            for (int i = 0; i < n; i++) nwin += wins[i] == 1;
        if (mixed0 && (nwin > 0 || r == 1)) m0_won = true;
        if (mixed && (nwin > 0 || r == 1)) {
            /* The loser's check: the loser wins against the generator's replies. */
            out->result = YOMI_UNKNOWN;
            break;
        }
        if (anchor_q && nwin > 0) {
            anchor = t;
            an = n;
            anpv = npv;
            memcpy(amoves, moves, sizeof(go_point) * (size_t)n);
            memcpy(awins, wins, sizeof(int) * (size_t)n);
            memcpy(apv, pv, sizeof(go_point) * (size_t)npv);
            t = t == 2 ? 1 : 3;
            continue;
        }
        if (anchor >= 0) {
            if (nwin > 0 &&
                finish_tier(&s, p, d, o, &tiers[t], full, moves, wins, n, pv, npv, out, L, &used)) {
                found = t;
                break;
            }
            out->result = YOMI_UNKNOWN;
            if (t == 3 && (r == 0 || nwin > 0)) { /* lost or refuted in (1,0): (2,0) next */
                t = 4;
                continue;
            }
            /* The anchor's winners. */
            t = anchor;
            anchor = -1;
            s.tr_tier = t;
            s.thr[me] = tiers[t].mine;
            s.thr[opp] = tiers[t].theirs;
            if (o->all_moves) {
                n = gen_moves(&s, me, moves) - 1;
                for (int i = 0; i < n; i++) wins[i] = -1;
                npv = 0;
                if (core_tier(&s, p, d, L, &used, moves, n, wins, true, pv, &npv) == 1) {
                    an = n;
                    anpv = npv;
                    memcpy(amoves, moves, sizeof(go_point) * (size_t)n);
                    memcpy(awins, wins, sizeof(int) * (size_t)n);
                    memcpy(apv, pv, sizeof(go_point) * (size_t)npv);
                }
            }
            if (finish_tier(&s, p, d, o, &tiers[t], full, amoves, awins, an, apv, anpv, out, L, &used)) {
                found = t;
                break;
            }
            /* Every winner refuted: a loss in the whole class. */
            out->result = t == 5 ? YOMI_LOSS : YOMI_UNKNOWN;
            t = t == 2 ? 5 : tend;
            continue;
        }
        if (r < 0) break;
        if (nwin > 0) {
            if (finish_tier(&s, p, d, o, &tiers[t], full, moves, wins, n, pv, npv, out, L, &used)) {
                found = t;
                break;
            }
            /* Every winner refuted: the next tier; a loss at the end goes to the
             * full search. */
            out->result = t == ntiers - 1 ? YOMI_LOSS : YOMI_UNKNOWN;
        } else {
            take_wins(out, tiers[t].res, moves, wins, n);
            /* A kept proof may name no first move (dfpn_solve found the root proved). */
            if (r == 1 && kt) out->result = tiers[t].res;
            if (r == 1) break; /* the root wins only by passing: no first move to show */
            if (t == ntiers - 1 || (classes && t == 5)) out->result = YOMI_LOSS;
        }
        t = !classes ? t + 1 : t == 0 ? 2 : t == 2 ? 5 : tend;
    }
    /* Pass 0 won only in a lower tier: the full search asks the better ones. */
    bool better = ntiers > 1 && found > 0 && out->nmoves > 0 && !(o->class_only && found <= 2);
    if (mixed0) {
        mixed0 = false;
        if (!m0_won && out->result == YOMI_LOSS) {
            out->proved = true;
            goto done;
        }
        if (!out_of_budget(&s, L, used)) {
            s.disable &= ~TS_LOSER_FULL;
            s.loser = GO_EMPTY;
            if (kt) d = kt->d[0];
            skip_mixed = m0_won;
            answer_restart(out);
            out->proved = false;
            found = -1;
            goto again;
        }
        /* No plays left for the default passes: a win in the loser's game is no
         * answer of the generator's (the loser had more moves there), so none. */
        if (m0_won) {
            answer_restart(out);
            out->proved = false;
        }
    }
    if (d && !full && !(o->disable & GO_TS_NO_VERIFY) && (out->result == YOMI_LOSS || better)) {
        yomi_limits lim;
        remaining(&s, L, used, &lim);
        if (!out_of_budget(&s, &o->lim, used)) {
            heur = malloc(sizeof *heur);
            if (heur) *heur = *out;
        }
        /* Without a copy to fall back on, a ko answer is kept as it is. */
        if (heur || (!better && !out_of_budget(&s, &o->lim, used))) {
            full = true;
            /* class_only: after a ko_loss only (0, 0) can change the class. */
            if (better) tend = o->class_only ? 3 : found;
            /* Without a node limit the full search gets 4M plays of its own. */
            rerun_lim = o->lim;
            if (!rerun_lim.max_nodes) rerun_lim.max_nodes = used + 4000000;
            L = &rerun_lim;
            mixed = !better && !(o->disable & GO_TS_NO_MIXED) && !skip_mixed;
            dfpn *dm = mixed && kt ? kept_loser_table(kt, me, o->threads) : d;
            mixed = mixed && dm != NULL;
            if (mixed) {
                s.disable |= TS_LOSER_FULL;
                s.loser = me;
                d = dm;
            } else {
                s.disable |= GO_TS_NO_DISTANCE;
                if (kt) d = kt->d[1];
            }
            answer_restart(out);
            goto again;
        }
    }
done:
    if (mixed) {
        /* The loser's check is over: its loss stands, proved; where the loser won there,
         * the full search asks with the plays left. */
        mixed = false;
        s.disable &= ~TS_LOSER_FULL;
        s.loser = GO_EMPTY;
        if (out->result != YOMI_LOSS && !out_of_budget(&s, L, used)) {
            s.disable |= GO_TS_NO_DISTANCE;
            if (kt) d = kt->d[1];
            answer_restart(out);
            goto again;
        }
    }
    if (heur && out->result == YOMI_UNKNOWN && out->nmoves == 0) {
        /* The full search did not finish, or proved that the better tiers
         * lose: the distance generator's answer stands (heuristic; after a
         * loss, with the full search's undecided moves). */
        go_tsumego_answer keep = *out;
        *out = *heur;
        /* `better` is the rerun's by now; the heuristic answer's own result tells
         * which case this was (a lower tier's win keeps its undecided count). */
        if (heur->result == YOMI_LOSS) out->nunknown = keep.nunknown;
    }
    free(heur);
    if (out->result == YOMI_UNKNOWN) {
        out->nbest = s.nbest;
        memcpy(out->best, s.best, sizeof(go_point) * (size_t)s.nbest);
    }
    out->nodes = used;
    out->seconds = yomi_ctl_elapsed(&s.ctl);
    if (kt) {
        /* The result is exact; a first move or line read from kept proofs may not be
         * under the path rule (go_tsumego_opts.keep): none is given. */
        out->nmoves = out->nexchange = out->npv = out->nbest = 0;
    } else {
        dfpn_free(d);
    }
    ts_free(&s);
}

/* Results from the side to play's view, best last (unknown below everything). */
static int result_rank(yomi_result r) {
    return r == YOMI_WIN    ? 5
        : r == YOMI_SEKI    ? 4
        : r == YOMI_KO_WIN  ? 3
        : r == YOMI_KO_LOSS ? 2
        : r == YOMI_LOSS    ? 1
                            : 0;
}

#define TS_MAX_OTHER 3 /* other strings a living problem tries (other_strings) */

/* The defender's strings in the region other than the target's, largest first,
 * at most max (their first stones, board order on ties). */
static int other_strings(const go_problem *p, go_point *out, int max) {
    const go_board *b = p->board;
    go_color def = go_board_at(b, p->target);
    go_point tid = go_string_id(b, p->target), all[GO_MAX_POINTS];
    int size[GO_MAX_POINTS], n = 0;
    GO_FOR_POINTS(b, q) {
        if (!p->region[q] || go_board_at(b, q) != def || go_string_id(b, q) != q || q == tid) continue;
        go_point st[GO_MAX_POINTS];
        all[n] = q;
        size[n++] = go_string_stones(b, q, st, GO_MAX_POINTS);
    }
    int k = 0;
    for (; k < max && k < n; k++) {
        int best = k;
        for (int j = k + 1; j < n; j++)
            if (size[j] > size[best]) best = j;
        go_point tq = all[k];
        int tsize = size[k];
        all[k] = all[best];
        size[k] = size[best];
        all[best] = tq;
        size[best] = tsize;
        out[k] = all[k];
    }
    return k;
}

/* A kill problem whose guessed target dies in several ways: the book kills the
 * whole group, and a move that takes the largest string may let the rest live
 * (Cho elementary #120: B16 captures D17's three stones and White lives with B18;
 * the book's B18 kills them all, and with D17 alone as the target it even looks
 * like a sacrifice before B16). Each other defender string of the region (up to
 * three, largest first) is asked with the plays left; when its answer has the same
 * result and some of the winning first moves (or exchanges) are among its winners,
 * only those stay. Every move kept is proved, in its own question, to kill the
 * target and each string that narrowed the list. *nodes, *seconds: spent so far. */
static void kill_the_group(go_problem *p, const go_tsumego_opts *opts, go_tsumego_answer *out,
                           uint64_t *nodes, double *seconds) {
    int n = 0;
    go_point cand[GO_TSUMEGO_MAX_SOL];
    for (int i = 0; i < out->nmoves && n < GO_TSUMEGO_MAX_SOL; i++) cand[n++] = out->moves[i];
    for (int i = 0; i < out->nexchange && n < GO_TSUMEGO_MAX_SOL; i++) cand[n++] = out->exchange[i];
    if (n < 2) return;
    go_point alt[TS_MAX_OTHER], target = p->target;
    int nalt = other_strings(p, alt, TS_MAX_OTHER), n0 = n;
    go_point pv[GO_TSUMEGO_MAX_PV];
    int npv = 0;
    for (int k = 0; k < nalt && n > 1; k++) {
        go_tsumego_opts o = *opts;
        if (o.lim.max_nodes) {
            if (*nodes >= o.lim.max_nodes) break;
            o.lim.max_nodes -= *nodes;
        }
        if (o.lim.max_seconds > 0) {
            if (*seconds >= o.lim.max_seconds) break;
            o.lim.max_seconds -= *seconds;
        }
        go_tsumego_answer *a = malloc(sizeof *a);
        if (!a) break;
        p->target = alt[k];
        solve_target(p, &o, a);
        *nodes += a->nodes;
        *seconds += a->seconds;
        if (a->result == out->result) {
            go_point keep[GO_TSUMEGO_MAX_SOL];
            int nk = 0;
            for (int i = 0; i < n; i++)
                if (has_point(a->moves, a->nmoves, cand[i]) || has_point(a->exchange, a->nexchange, cand[i]))
                    keep[nk++] = cand[i];
            if (nk > 0 && nk < n) {
                memcpy(cand, keep, sizeof(go_point) * (size_t)nk);
                n = nk;
                if (a->npv && has_point(cand, n, a->pv[0])) {
                    memcpy(pv, a->pv, sizeof(go_point) * (size_t)a->npv);
                    npv = a->npv;
                }
            }
        }
        free(a);
    }
    p->target = target;
    if (n == n0) return;
    /* The moves left out still win against the target, but let part of the group
     * live: neither moves nor exchanges (the kept exchanges are moves now). */
    out->nexchange = 0;
    for (int i = 0; i < n; i++) {
        out->moves[i] = cand[i];
        out->move_result[i] = out->result;
    }
    out->nmoves = n;
    if (out->npv == 0 || !has_point(cand, n, out->pv[0])) {
        if (npv) {
            memcpy(out->pv, pv, sizeof(go_point) * (size_t)npv);
            out->npv = npv;
        } else {
            out->pv[0] = cand[0];
            out->npv = 1;
        }
    }
}

void go_tsumego_solve(go_problem *p, const go_tsumego_opts *opts, go_tsumego_answer *out) {
    solve_target(p, opts, out);
    /* A living problem whose guessed target cannot live (loss or ko_loss):
     * the group may live by giving that string up (Cho elementary #87: the
     * largest string D19 is in atari, Black B17 lives with B19's). Each other
     * defender string is asked in turn with the plays left; a better result
     * adopts that string as the target (the answer is about it, and proved or
     * heuristic as its own search was). */
    if (!opts || !opts->other_strings || strcmp(p->how_target, "guessed") != 0) return;
    if (!p->live) {
        if (out->result != YOMI_WIN && out->result != YOMI_KO_WIN) return;
        uint64_t nodes = out->nodes;
        double seconds = out->seconds;
        kill_the_group(p, opts, out, &nodes, &seconds);
        out->nodes = nodes;
        out->seconds = seconds;
        return;
    }
    if (out->result != YOMI_LOSS && out->result != YOMI_KO_LOSS) return;
    go_point alt[TS_MAX_OTHER];
    int nalt = other_strings(p, alt, TS_MAX_OTHER);
    uint64_t nodes = out->nodes;
    double seconds = out->seconds;
    go_point chosen = p->target;
    for (int i = 0; i < nalt; i++) {
        go_tsumego_opts o = *opts;
        if (o.lim.max_nodes) {
            if (nodes >= o.lim.max_nodes) break;
            o.lim.max_nodes -= nodes;
        }
        if (o.lim.max_seconds > 0) {
            if (seconds >= o.lim.max_seconds) break;
            o.lim.max_seconds -= seconds;
        }
        go_tsumego_answer *a = malloc(sizeof *a);
        if (!a) break;
        p->target = alt[i];
        solve_target(p, &o, a);
        nodes += a->nodes;
        seconds += a->seconds;
        bool better = result_rank(a->result) > result_rank(out->result);
        if (better) {
            *out = *a;
            chosen = alt[i];
        }
        free(a);
        if (better && out->result == YOMI_WIN) break;
    }
    p->target = chosen;
    out->nodes = nodes;
    out->seconds = seconds;
}
