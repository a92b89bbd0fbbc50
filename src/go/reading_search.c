/* The attack/defend reader's search: alpha-beta over the four values (see
 * go/value.h), with a transposition table and a cache of ladder answers. The
 * node is read in steps: settled at once (captured, escaped, a capture in one
 * move, a limit), answered by the table, answered by a shortcut (a ladder
 * capture, an escaping liberty), else its candidates are generated and read
 * in turn. See reading.c for the whole and reading_internal.h for the API. */
#include <stdio.h>

#include "core/hash.h"
#include "go/reading_internal.h"
#include "go/ladder_internal.h"

static void tt_put(go_reader *r, uint64_t key, uint32_t check, int v, int bound, go_point m, int ply) {
    if (v == V_UNK && r->ctl.stopped) return; /* cut by the node limit: says nothing */
    unsigned move = m == GO_NO_POINT ? TT_NO_MOVE : (unsigned)m;
    yomi_tt_store(&r->tt, key, check,
                  (uint16_t)((unsigned)(v + 1) | (unsigned)bound << 3 | (r->heur ? TT_HEURISTIC : 0) |
                             move << TT_MOVE_SHIFT),
                  (uint8_t)(MAX_PLY + 1 - ply));
}

/* Nodes a ladder read inside the search may use: what is left of the question's
 * budget, and never more than LADDER_NODES. */
static uint64_t ladder_budget(const go_reader *r) {
    uint64_t left = r->ctl.lim.max_nodes > r->ctl.nodes ? r->ctl.lim.max_nodes - r->ctl.nodes : 1;
    if (!r->ctl.lim.max_nodes) left = LADDER_NODES;
    return left < LADDER_NODES ? left : LADDER_NODES;
}

/* rd_ladder_attack: the ladder reader on the string at s (under the
 * question's clock and cancel flag), through the cache of ladder answers
 * (exact: keyed by the stones, the ko point and its colour, and the string,
 * in the board's hash and checked in its second hash, as the table is;
 * answers a limit stopped are not kept, and under positional superko, where
 * legality depends on the history, none is). The ladder's moves count as the
 * question's nodes. */
yomi_result rd_ladder_attack(go_reader *r, go_point s, go_point *m) {
    go_board *b = r->b;
    uint64_t salt = (uint64_t)go_string_id(b, s) << 20 ^ (uint64_t)(go_board_ko(b) + 1) ^
        (uint64_t)b->ko_color << 16 ^ 0x1add3ULL << 40;
    uint64_t key = ((go_board_hash(b) ^ yomi_mix64(salt)) & r->key_mask) | 1;
    uint32_t check =
        (uint32_t)((go_board_hash2(b) ^ yomi_fmix64(salt ^ 0x3b9f1c6d2e8a4705ULL)) >> 32) & r->check_mask;
    ladder_entry *e = &r->lcache[key & (LADDER_CACHE - 1)];
    if (b->superko) e = NULL;
    if (e && e->key == key && e->check == check) {
        *m = e->move;
        return (yomi_result)e->res;
    }
    uint64_t ln = 0;
    bool halted = false;
    yomi_result lr =
        go_ladder_read_within(b, s, true, ladder_budget(r), &r->ctl.lim, r->ctl.start, m, &ln, &halted);
    r->ctl.nodes += ln;
    if (halted) r->ctl.stopped = true; /* time or the cancel flag: the question stops too */
    if (e && lr != YOMI_UNKNOWN) {
        e->key = key;
        e->check = check;
        e->res = (int8_t)lr;
        e->move = (int16_t)*m;
    }
    return lr;
}

/* The ladder reader's defender only extends and captures: a lone stone whose
 * capture after the atari at m would be a ko need not extend; it can be given
 * up and retaken after a ko threat. Is that so (the ladder's win is then no
 * outright capture)? */
static bool ko_after_atari(go_reader *r, go_point m) {
    go_board *b = r->b;
    if (go_string_size(b, r->str) != 1 || go_board_play(b, r->att, m) != GO_OK) return false;
    bool ko = false;
    go_point l;
    if (go_board_at(b, r->str) == r->def && go_string_liberties(b, r->str, &l, 1) == 1 &&
        go_board_play(b, r->att, l) == GO_OK) {
        ko = go_board_ko(b) == r->str;
        go_board_undo(b);
    }
    go_board_undo(b);
    return ko;
}

/* The node being read: what the steps of rd_search share. */
typedef struct node {
    bool att_turn, captured;
    int ply, alpha, beta;
    go_color me;
    int n; /* the target's liberties (0 if captured) */
    go_point libs[8];
    uint64_t key;
    uint32_t check; /* the key's check (see rd_node_key) */
    go_point tt_move; /* the table's move, or the ladder's first, tried first */
} node;

/* Settles the node without reading it where that is possible: the target is
 * captured (and cannot be retaken at once), escaped, or captured in one move;
 * or a limit stops the reading. Returns true with *v set when settled. Also
 * fills nd's liberties. */
static bool settle(go_reader *r, node *nd, int *v, go_point *best) {
    go_board *b = r->b;
    nd->captured = go_board_at(b, r->str) != r->def;
    nd->n = 0;
    r->ply = nd->ply;
    if (nd->captured) {
        *v = V_WIN;
        if (nd->att_turn) return true;
        /* Taken: only retaking at once (a ko, or a snapback) brings it back. */
        bool ko = go_board_ko(b) == r->str;
        *v = V_LOSS;
        if (ko ? !rd_may_retake(r, r->def, r->str) : !capture_size(b, r->def, r->str)) return true;
    } else {
        int n = nd->n = go_string_libs(b, r->str);
        *v = nd->att_turn ? V_LOSS : V_WIN;
        if (rd_escaped(r, n, nd->ply)) return true;
        go_string_liberties(b, r->str, nd->libs, 8);
        if (nd->att_turn && n == 1 && go_board_check_move(b, r->att, nd->libs[0]) == GO_OK) {
            /* Capture at once, unless the capture is a ko the defender may retake. */
            *v = V_UNK;
            if (go_board_play(b, r->att, nd->libs[0]) != GO_OK) {
                r->ctl.stopped = true; /* the move is legal: the history is full */
                return true;
            }
            r->ctl.nodes++;
            bool is_ko = go_board_ko(b) == r->str;
            bool ko = is_ko || capture_size(b, r->def, r->str) > 0;
            go_board_undo(b);
            /* A ko the attacker is ko master of is won: the defender may not
             * retake it. */
            if (!ko || (is_ko && r->ko.komaster == r->att)) {
                if (best) *best = nd->libs[0];
                *v = V_WIN;
                return true;
            }
        }
    }
    *v = V_UNK;
    if (nd->ply >= MAX_PLY + 2 * r->depth_offset) return true;
    /* The node limit is exact (the shared check looks at it only every few
     * thousand nodes). */
    if (r->ctl.lim.max_nodes && r->ctl.nodes >= r->ctl.lim.max_nodes) r->ctl.stopped = true;
    return yomi_ctl_check(&r->ctl);
}

/* Looks the node up in the table: true with *v set when the stored value
 * answers the window; otherwise nd->tt_move gets the stored move, if any. */
static bool probe(go_reader *r, node *nd, int *v, go_point *best) {
    nd->key = rd_node_key(r, nd->att_turn, nd->ply, &nd->check);
    nd->tt_move = GO_NO_POINT;
    yomi_tt_entry *e = yomi_tt_probe(&r->tt, nd->key, nd->check);
    if (!e) return false;
    int sv = (int)(e->data & 7) - 1, bound = (int)(e->data >> 3 & 3);
    unsigned em = (unsigned)e->data >> TT_MOVE_SHIFT;
    go_point m = em == TT_NO_MOVE ? GO_NO_POINT : (go_point)em;
    if (sv != V_UNK &&
        (bound == B_EXACT || (bound == B_LOWER && sv >= nd->beta) || (bound == B_UPPER && sv <= nd->alpha))) {
        if (e->data & TT_HEURISTIC) r->heur = true; /* the stored answer leaned on the rule */
        if (best) *best = m;
        *v = sv;
        return true;
    }
    nd->tt_move = m;
    return false;
}

/* Answers that need no candidate list: a ladder capture (below the first two
 * plies), and below the root a defender liberty that escapes at once. True
 * (a win for the side to move, stored) when one applies. In the first two
 * plies the ladder's first move only goes first (nd->tt_move). */
static bool shortcut(go_reader *r, node *nd, go_point *best) {
    if (nd->captured) return false;
    int ply = nd->ply;
    /* The ladder reader answers many questions at once: a ladder capture is a
     * capture. Not in the first two plies: its defender only extends and
     * captures, and a counter-atari there can turn the chase (reading.tst:175). */
    if (nd->att_turn && nd->n == 2 && ply > 1) {
        go_point m;
        yomi_result lr = rd_ladder_attack(r, r->str, &m);
        if (lr == YOMI_WIN && !ko_after_atari(r, m)) {
            tt_put(r, nd->key, nd->check, V_WIN, B_EXACT, m, ply);
            if (best) *best = m;
            return true;
        }
    }
    /* Below the root, a defender liberty that makes the target escaped at once
     * wins without reading it: the value the move would get when played (two
     * or more liberties after it: legal, no ko capture). */
    if (!nd->att_turn && ply > 0) {
        for (int i = 0; i < nd->n; i++) {
            int la = libs_after(r, r->def, nd->libs[i], 6);
            if (la >= 2 && rd_escapes_by(r, nd->libs[i], la, ply + 1)) {
                tt_put(r, nd->key, nd->check, V_WIN, B_EXACT, nd->libs[i], ply);
                if (best) *best = nd->libs[i];
                return true;
            }
        }
    }
    /* In the first two plies a ladder capture is only tried first: the full
     * reading checks it (a counter-atari may turn the chase). */
    if (nd->att_turn && nd->n == 2 && ply <= 1 && nd->tt_move == GO_NO_POINT) {
        go_point m;
        yomi_result lr = rd_ladder_attack(r, r->str, &m);
        if (lr == YOMI_WIN) nd->tt_move = m;
    }
    return false;
}

/* The node's candidates, best first. Returns whether the one-threat wait
 * applies (the side without a threat may pass). */
static bool candidates(go_reader *r, const node *nd, cand *c) {
    go_board *b = r->b;
    int ply = nd->ply;
    c->n = 0;
    bool after_pass = go_board_last_move(b) == GO_PASS && go_board_last_color(b) == r->def;
    if (nd->captured) {
        rd_cand_add(c, r->str, 1);
    } else if (nd->att_turn && after_pass && ply > PASS_PLY + r->depth_offset) {
        rd_gen_after_pass(r, nd->n, nd->libs, c);
    } else if (nd->att_turn) {
        rd_gen_attack(r, nd->n, nd->libs, ply, c);
        /* At the root, last: no move may be needed (a ko the opponent just
         * took that it cannot keep: after any move of its, the attacker takes
         * it back legally). */
        if (ply == 0) rd_cand_add(c, GO_PASS, -100000);
    } else {
        rd_gen_defend(r, nd->n, nd->libs, ply, c);
        /* Last resort: no move is needed (two eyes, seki, a useless attacker move). */
        rd_cand_add(c, GO_PASS, -100000);
    }
    bool wait = rd_gen_common(r, nd->me, nd->att_turn, nd->captured, after_pass, ply, c);
    rd_cand_sort(b, nd->me, c, nd->tt_move);
    if (ply == 0) r->root_cand = *c;
    return wait;
}

/* A lazy chase candidate (LAZY_CHASE + s) becomes the ladder's first atari on
 * s if the ladder captures and the move is not already a candidate (later
 * copies are dropped), else GO_NO_POINT. */
static void resolve_chase(go_reader *r, cand *c, int i) {
    go_point m;
    yomi_result lr = rd_ladder_attack(r, c->p[i] - LAZY_CHASE, &m);
    c->p[i] = GO_NO_POINT;
    if ((lr != YOMI_WIN && lr != YOMI_KO_WIN && lr != YOMI_KO_LOSS) || m == GO_NO_POINT) return;
    for (int j = 0; j < i; j++)
        if (c->p[j] == m) return;
    for (int j = i + 1; j < c->n; j++)
        if (c->p[j] == m) c->p[j] = GO_NO_POINT;
    c->p[i] = m;
}

/* The best move so far at a node. */
typedef struct best_so_far {
    int v; /* -2: none yet */
    go_point m;
    bool is_ko; /* the move captured a ko */
    bool unk, cut; /* a move was cut by a limit; the node is cut off */
    bool ko_skipped; /* a conditional ko retake was not read (see read_move) */
} best_so_far;

enum { NOT_PLAYED = -2, KO_SKIPPED = -3 };

/* Plays candidate p, reads the child with the window the node needs, and
 * takes the move back. Returns the mover's value of p, or NOT_PLAYED (the ko
 * rules or legality refused it); *ko_move: p captured a ko. */
static int read_move(go_reader *r, const node *nd, const best_so_far *bs, go_point p, bool pass_tests,
                     bool *ko_move) {
    go_board *b = r->b;
    int ply = nd->ply;
    /* What a move must beat: the window's lower end or the best so far (at
     * the root, after a win through a ko capture: a quiet win). */
    int lo = bs->v > nd->alpha ? bs->v : nd->alpha;
    if (ply == 0 && nd->att_turn && bs->v == V_WIN && bs->is_ko) lo = V_KOWIN;
    /* A conditional retake is worth at most KO_LOSS: only when nothing
     * better is known. */
    ko_state ks = rd_ko_save(r);
    int how = rd_play(r, nd->me, p, lo < V_KOLOSS);
    if (ply <= MAX_PLY) r->line[ply] = p;
    /* A conditional retake not read, since it could not beat lo: it may still
     * be worth KO_LOSS, which the node's upper bound must allow for. */
    if (!how && lo >= V_KOLOSS && p != GO_PASS && go_board_check_move(b, nd->me, p) == GO_ILLEGAL_KO &&
        rd_may_retake(r, nd->me, p))
        return KO_SKIPPED;
    if (!how) return NOT_PLAYED;
    int child;
    *ko_move = go_board_ko(b) != GO_NO_POINT;
    /* At the root a ko capture that also wins a ko is preferred (see
     * take_move): its value must be exact. */
    if (ply == 0 && (*ko_move || p == GO_PASS) && bs->v == V_KOWIN && !bs->is_ko) lo = V_KOLOSS;
#ifdef READING_TRACE
    if (ply < READING_TRACE - 1) {
        char buf[8];
        go_vertex_format(b, p, buf, sizeof buf);
        fprintf(stderr, "%*s%s %s {\n", 2 * ply, "", nd->att_turn ? "A" : "D", buf);
    }
#endif
    if (!nd->att_turn && go_board_at(b, r->str) == r->def &&
        rd_escaped(r, go_string_libs(b, r->str), ply + 1)) {
        child = V_LOSS;
    } else {
        /* The child's window: the mover's value is V_WIN minus the child's.
         * A conditional retake is worth KO_LOSS unless the child wins
         * outright; a defender pass counts only if the child gets at
         * most KO_LOSS (see take_move). */
        int ca = V_WIN - nd->beta, cb = V_WIN - lo;
        if (how >= 2) ca = V_KOWIN;
        if (p == GO_PASS && pass_tests && cb > V_KOWIN) cb = V_KOWIN;
        child = rd_search(r, !nd->att_turn, ply + 1, ca, cb, NULL);
    }
    int v = go_value_of_move(child, how);
    rd_undo(r, how);
    rd_ko_restore(r, ks);
#ifdef READING_TRACE
    if (ply < READING_TRACE) {
        char buf[8];
        go_vertex_format(b, p, buf, sizeof buf);
        fprintf(stderr, "%*s%s %s = %d%s [%llu]\n", 2 * ply, "", nd->att_turn ? "A" : "D", buf, v,
                how > 1 ? " (ko retake)" : "", (unsigned long long)r->ctl.nodes);
    }
#endif
    return v;
}

/* Weighs the read value v of candidate p against the best so far; true when
 * the node is cut off (a win, or a value the parent does not need beaten). */
static bool take_move(go_reader *r, const node *nd, best_so_far *bs, go_point p, int v, bool ko_move) {
    int ply = nd->ply;
    bool att_turn = nd->att_turn;
    /* At the root, among moves that work only through a ko the mover takes
     * first, the ko capture itself (GNU Go answers the move that takes the
     * ko, not one that waits), else no move at all when passing does as
     * well. */
    if (!(v > bs->v || (ply == 0 && att_turn && v == V_WIN && bs->is_ko && !ko_move) ||
          (ply == 0 && v == V_KOWIN && bs->v == V_KOWIN && !bs->is_ko && (ko_move || p == GO_PASS))))
        return false;
    bool was_win = bs->v == V_WIN;
    bs->v = v;
    bs->m = p;
    bs->is_ko = ko_move;
    /* At the root a win through a ko capture is kept only if no quiet
     * move wins too (GNU Go answers the move that avoids the ko). */
    if ((v == V_WIN || v >= nd->beta) && (ply > 0 || !att_turn || !ko_move || was_win)) {
        bs->cut = true;
        if (ply <= MAX_PLY && v == V_WIN) r->killer[ply] = p;
        if (p != GO_PASS && v == V_WIN) {
            uint16_t *h = &r->hist[att_turn][p];
            *h = (uint16_t)(*h + ((65535 - *h) >> 4));
        }
        return true;
    }
    return false;
}

/* Reads the candidates in turn; fills bs. */
static void read_moves(go_reader *r, const node *nd, cand *c, bool wait, best_so_far *bs) {
    /* A defender pass answering an attacker pass: nothing to answer, so it
     * counts at its full value. Otherwise (and outside one-threat waiting) a
     * defender pass is only a test of the attacker's last move (see below). */
    int ply = nd->ply;
    bool free_pass = !nd->att_turn && ply > 0 && ply - 1 <= MAX_PLY && r->line[ply - 1] == GO_PASS;
    bool pass_tests = !nd->att_turn && !wait && !free_pass;
    for (int i = 0; i < c->n; i++) {
        r->ply = ply;
        if (c->p[i] >= LAZY_CHASE) resolve_chase(r, c, i);
        if (c->p[i] == GO_NO_POINT) continue;
        bool ko_move = false;
        int v = read_move(r, nd, bs, c->p[i], pass_tests, &ko_move);
        if (v == KO_SKIPPED) bs->ko_skipped = true;
        if (v == NOT_PLAYED || v == KO_SKIPPED) continue;
        if (v == V_UNK) {
            bs->unk = true;
            if (r->ctl.stopped) break;
            continue;
        }
        /* The defender's pass only tells whether the attacker's last move did
         * anything: if the attacker cannot capture even then, the string is
         * safe, and if it then captures only through a ko the defender takes
         * first, the move threatened nothing that the ko did not (a waiting
         * move); otherwise the real defences decide (GNU Go's reading: a
         * defender who must answer and cannot is captured, even where the
         * attacker would then need the ko). */
        if (c->p[i] == GO_PASS && pass_tests && v < V_KOWIN) continue;
        if (take_move(r, nd, bs, c->p[i], v, ko_move)) break;
    }
}

static int search_node(go_reader *r, bool att_turn, int ply, int alpha, int beta, go_point *best);

/* The value of the node for the side to move, searched with the window
 * (alpha, beta) (alpha-beta over the four values): a value <= alpha is only an
 * upper bound, one >= beta only a lower bound; in between it is exact. The
 * root is read with the full window (-1, V_WIN + 1). The heur flag is the
 * subtree's while the node is read (its table entries carry it), and is
 * added to the caller's after. */
int rd_search(go_reader *r, bool att_turn, int ply, int alpha, int beta, go_point *best) {
    bool outer = r->heur;
    r->heur = false;
    int v = search_node(r, att_turn, ply, alpha, beta, best);
    r->heur = r->heur || outer;
    return v;
}

static int search_node(go_reader *r, bool att_turn, int ply, int alpha, int beta, go_point *best) {
    if (best) *best = GO_NO_POINT;
    node nd;
    nd.att_turn = att_turn;
    nd.ply = ply;
    nd.alpha = alpha;
    nd.beta = beta;
    nd.me = att_turn ? r->att : r->def;
    int v;
    if (settle(r, &nd, &v, best)) return v;
    if (probe(r, &nd, &v, best)) return v;
    r->memo_gen++; /* a new node: forget the liberty counts of the last one */
    if (shortcut(r, &nd, best)) return V_WIN;

    cand c;
    bool wait = candidates(r, &nd, &c);
    best_so_far bs = {-2, GO_NO_POINT, false, false, false, false};
    read_moves(r, &nd, &c, wait, &bs);

    int bound = B_EXACT;
    if (bs.cut || bs.v == V_WIN) {
        v = bs.v;
        if (v < V_WIN) bound = B_LOWER;
    } else if (bs.unk || r->ctl.stopped) {
        v = V_UNK; /* a move may have gone unread */
    } else {
        v = bs.v < 0 ? V_LOSS : bs.v;
        /* A bound, not the value, when a conditional retake went unread (lo
         * was at least KO_LOSS, so alpha was): it is at most KO_LOSS, not at
         * most what the other moves got (else a parent takes the bound for
         * an exact value: an outright win where the retake fights a ko). */
        if (bs.ko_skipped && v < V_KOLOSS) v = V_KOLOSS;
        if (v <= alpha) bound = B_UPPER;
    }
    tt_put(r, nd.key, nd.check, v, bound, v == V_UNK ? (bs.v >= 0 ? bs.m : nd.tt_move) : bs.m, ply);
    if (best) *best = v == V_UNK || v == V_LOSS ? GO_NO_POINT : bs.m;
    return v;
}
