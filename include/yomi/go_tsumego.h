/* Life-and-death problems (tsumego): input, target and region detection, the
 * tsumego frame, and a proof search over the enclosed problem.
 *
 * A problem is a position, the side to play, a target string (the defender's)
 * and a region: the points where moves are searched. The attacker wins by
 * capturing the target; the defender wins when the target is still on the
 * board after two passes in a row (life or seki). Passes are moves. Ko follows
 * the simple-ko rule; each side has a number of outside ko threats (a banned
 * retake spends one; unlimited = ko master); a position that repeats on the
 * line goes to the side with unlimited threats, else to the defender.
 * The answer for the side to play (best first, the moves are those of it):
 *   YOMI_WIN      it reaches its goal even when the opponent is ko master;
 *   YOMI_SEKI     (go_tsumego_opts.seki, living problems) the target survives even
 *                 when the opponent is ko master, but only in seki: the opponent as
 *                 ko master can stop two-eyed (Benson) life;
 *   YOMI_KO_WIN   it does when the opponent has one threat or none, not more;
 *   YOMI_KO_LOSS  it does only with one, two or unlimited threats of its own;
 *   YOMI_LOSS     it cannot, even as ko master;
 *   YOMI_UNKNOWN  a limit stopped the search.
 * A fixed ko master (go_tsumego_opts.ko_master) asks one question instead.
 * The basis is "proved" when every region point was searched (GO_TS_NO_DISTANCE)
 * on an enclosed problem (by its own stones or the frame yomi adds; a frame is a
 * model of the open board, so those are proofs about the framed position);
 * with the distance generator (the default) it is "heuristic": moves far from
 * the target were left out for both sides. */
#ifndef YOMI_GO_TSUMEGO_H
#define YOMI_GO_TSUMEGO_H

#include <stdbool.h>
#include <stdint.h>

#include "yomi/go_board.h"
#include "yomi/go_sgf.h"
#include "yomi/yomi.h"

#define GO_TSUMEGO_MAX_SOL 32

typedef struct go_problem {
    int size;
    go_color to_play;
    go_color attacker; /* the side that wants the target captured */
    go_point target; /* a stone of the target string */
    bool live; /* the side to play wants to live (is the defender) */
    bool framed; /* a frame was added around the problem */
    bool region[GO_MAX_POINTS]; /* points where the search plays */
    int nregion; /* empty points of the region */
    int nsol; /* accepted first moves stated by the source */
    go_point sol[GO_TSUMEGO_MAX_SOL];
    go_board *board; /* the position searched (with the frame) */
    go_board *original; /* the position as given */
    sgf_collection *sgf; /* the SGF source (its tree), or NULL for JSON */
    char comment[160];
    char how_target[64]; /* how the target was found: "MA", "--target", "guessed" */
} go_problem;

/* Hints that override what the loader would guess; zero fields guess. */
typedef struct go_problem_hints {
    go_color to_play; /* GO_EMPTY: PL, the comment, else an error */
    const char *target; /* GTP vertex of a target stone, or NULL */
    bool no_frame; /* treat the board as it is (the region: all empty points) */
    /* Points the search must also cover (an SGF's SQ markup, or the caller's): added
     * to the region yomi finds, and never covered by the frame. NULL: none; for
     * go_problem_load, NULL takes the file's SQ points. */
    const go_point *area;
    int narea;
} go_problem_hints;

/* Loads a problem from a Cho-style JSON file (AB, AW, SZ, C, SOL) or an SGF
 * file (AB, AW, PL, MA, SQ, solution tree). NULL with err filled (what is
 * missing and which option gives it) on bad or ambiguous input. */
go_problem *go_problem_load(const char *path, const go_problem_hints *hints, yomi_error *err);
/* Builds a problem from a position (no stated solutions). */
go_problem *go_problem_from_board(const go_board *b, go_color to_play, const go_problem_hints *hints,
                                  yomi_error *err);
void go_problem_free(go_problem *p);

/* Proofs kept from one question to the next on one problem (see go_tsumego_opts.keep). */
typedef struct go_tsumego_keep go_tsumego_keep;

#define GO_TSUMEGO_MAX_THREATS 6 /* outside ko threats a side may be given (go_tsumego_opts.threats) */

typedef struct go_tsumego_opts {
    yomi_limits lim; /* per problem; max_nodes counts moves played */
    go_color ko_master; /* GO_EMPTY: classify kos by asking up to three questions */
    bool fixed_master; /* ko_master given explicitly (also GO_EMPTY = nobody) */
    bool all_moves; /* find every winning first move (else stop at one) */
    unsigned disable; /* GO_TS_NO_* switches, for measuring techniques */
    int distance; /* distance generator bound (moves with d < distance); 0: 4 */
    int att_distance; /* the attacker's own bound when > 0 (owl's narrow reading keeps the
                       * attacker's wider moves); 0: distance for both sides */
    bool blocking; /* seed 000's blocking prune of the defender's moves in the distance
                    * generator (heuristic, as that generator is: the full-region checks
                    * then prove its answers or leave them heuristic). Off when zero; go
                    * solve, go check and GTP tsumego_solve turn it on (Cho elementary at 2M
                    * plays 818 -> 830 correct, 2026-12-07) */
    bool bent_four_dead; /* the Japanese rule (bent four in the corner is dead): a ko_win kill
                          * that stays a kill when the defender gets two moves in a row and
                          * no side has ko threats wins outright (answer.by_rule) */
    bool other_strings; /* a living problem whose guessed target ("guessed") loses: ask the
                         * defender's other strings in the region too (largest first, up to
                         * three) and keep the best result, with that string as the target */
    bool seki; /* a living problem's winners are asked again with seki counted as a loss:
                * moves that reach only seki are dropped when another lives cleanly, and
                * the result is YOMI_SEKI when every winner reaches only seki (in a ko
                * tier the moves are dropped the same way, and the result stays the ko's) */
    /* NULL, or tables that keep the proved results of earlier questions for later ones
     * (go check's tree walk asks many positions of one problem). Used only by a question
     * with a fixed ko master and all_moves off, and only while the problem's target point,
     * attacker, region and the opts that shape the game are those of the questions kept
     * (else it starts afresh): a kept result is then a fact of the same game graph
     * (core/dfpn.h, dfpn_keep), so the answer's result is exact as a fresh search's
     * would be. Its first move and line may not be (a kept proof may pass through the
     * new position, a repetition there): the answer lists none. */
    go_tsumego_keep *keep;
    /* With fixed_master: this side has one ko threat instead of none (GO_EMPTY:
     * none; the ko master keeps unlimited ones). Owl asks it to tell a direct ko
     * from one that needs more threats. */
    go_color one_threat;
    /* With fixed_master: the outside ko threats each side has, by colour
     * (threats[GO_BLACK], threats[GO_WHITE]; 0 .. GO_TSUMEGO_MAX_THREATS): a banned ko
     * retake spends one. The ko master's stay unlimited. */
    int threats[3];
    /* NULL, or with all_moves: the only first moves asked besides the one the main
     * search proves (go check's tree walk needs the tree's moves alone). The others
     * are not analysed: the answer's moves are the winners among these and that one
     * (none when it is a pass), and nunknown counts only these. The result is the same
     * question's. */
    const go_point *ask;
    int nask;
    /* With all_moves and others_nodes > 0: each first move is asked alone within
     * max(others_nodes, others_scale x the plays of the main search's proof) plays, while
     * the budget lasts; one its cap stops stays undecided (not listed). 0: the moves are
     * asked in turn, each with the rest of the budget (a hard one may take it all). */
    uint64_t others_nodes;
    int others_scale;
    /* The caller needs the result's class only, win and ko_win alike (go check's tree
     * walk): the tiers start at (0, 0) threats, whose win is the class (a loss there is
     * one with the opponent's threats too), so `ko_win` may be a win not looked for; no
     * harder tier of a class is asked for moves that need fewer threats (the answer's
     * moves are the class tier's winners), a ko_loss's full-region rerun asks (0, 0) alone,
     * and the bent-four rule is not applied. With a fixed ko master: no change. */
    bool class_only;
    /* Worker threads of each df-pn search (0 or 1: one; core/dfpn.h, dfpn_set_threads):
     * the same answers, proved as they are with one, found sooner on a machine with the
     * cores; the plays of all workers count against lim.max_nodes, so node counts vary
     * from run to run. The df-pn table and the static answer cache are shared
     * (the same memory as with one). */
    int threads;
    /* The caller expects the side to play to lose (go check's tree walk, after a tree move
     * of the side whose answers the tree gives): the first pass is the loser's check's
     * game (GO_TS_NO_MIXED: that side every region point, the other the distance
     * generator's moves), without the generator's pass before it. A loss there is proved
     * and is the answer; where the side to play wins there, the default passes follow
     * with the plays left. Without a limit, the default question's result and basis;
     * fewer plays when the guess is right, more when it is wrong. */
    bool loser_first;
} go_tsumego_opts;

enum {
    GO_TS_NO_ORDER = 1u << 0, /* moves in board order instead of by their properties */
    GO_TS_NO_STATIC = 1u << 1, /* no static life rules: lines end only by capture or passes */
    GO_TS_NO_LEARNED = 1u << 2, /* hand ordering instead of the learned scorer */
    GO_TS_NO_DISTANCE = 1u << 3, /* every region point instead of the distance generator */
    GO_TS_NO_BLOCKING = 1u << 4, /* no blocking prune even when go_tsumego_opts.blocking is set */
    /* 1u << 5 named tsumego.c's own df-pn, removed: core's dfpn is the only search. */
    GO_TS_NO_EXCHANGE = 1u << 6, /* keep forcing exchanges among the winning first moves */
    GO_TS_NO_VERIFY = 1u << 7, /* trust the distance generator: no full-region check of its answer */
    GO_TS_NO_SCACHE = 1u << 8, /* every static answer computed afresh (tests: the cache changes nothing) */
    GO_TS_NO_ORDER_INIT = 1u << 9, /* new nodes' numbers without their place in the move list */
    GO_TS_NO_SHARE = 1u << 10, /* each threat tier searched afresh (tests: sharing changes no answer) */
    GO_TS_NO_PASSCUT = 1u << 11, /* the attacker may pass too (a pass it always loses: tests) */
    GO_TS_NO_KILLER = 1u << 12, /* no killer move first in df-pn (dfpn_game.killer) */
    GO_TS_NO_CLASSES = 1u << 13, /* threat tiers asked best first, not each result class's easiest first */
    GO_TS_NO_KEEP = 1u << 14, /* go_tsumego_opts.keep ignored (tests: keeping changes no result) */
    GO_TS_NO_SEMEAI = 1u << 15, /* static death only behind Benson-alive enemy strings (no race rule) */
    GO_TS_NO_DEEP = 1u << 16, /* new df-pn nodes' numbers not scaled by their depth (deep df-pn) */
    GO_TS_NO_MIXED =
        1u << 17, /* a distance generator's loss checked with every move for both sides at once */
    GO_TS_NO_THREATS_FIRST = 1u << 18, /* a ko tier's threats check after verify, not before */
};

#define GO_TSUMEGO_MAX_PV 64
/* The most empty region points the solver searches; a larger region is reported
 * (go_tsumego_answer.too_large), never guessed. */
#define GO_TSUMEGO_MAX_REGION 256

typedef struct go_tsumego_answer {
    yomi_result result; /* for the side to play, see above */
    bool proved; /* basis: proved (false: heuristic) */
    int nmoves; /* winning first moves (with the best result) */
    int nunknown; /* first moves a limit left undecided (the list may be short) */
    bool too_large; /* the region has more than GO_TSUMEGO_MAX_REGION empty points: not
                       searched, result UNKNOWN */
    go_point moves[GO_MAX_SIZE * GO_MAX_SIZE + 1];
    yomi_result move_result[GO_MAX_SIZE * GO_MAX_SIZE + 1];
    int npv;
    go_point pv[GO_TSUMEGO_MAX_PV];
    uint64_t nodes;
    double seconds;
    /* Winning first moves left out of moves[]: forcing exchanges, after each of
     * which some answer of the opponent leaves only the other winning first
     * moves winning (the exchange changes nothing; GO_TS_NO_EXCHANGE keeps them). */
    int nexchange;
    go_point exchange[GO_TSUMEGO_MAX_SOL];
    /* go_tsumego_opts.bent_four_dead turned a ko_win kill into this win: the
     * moves kill by the bent-four rule (under area rules they are ko_win). */
    bool by_rule;
    /* With result UNKNOWN: the best line so far of the first question a limit
     * stopped (core dfpn's dfpn_pv_best: the most promising move for each side by
     * the proof and disproof numbers reached). A guide to where the search was
     * looking, not a proof; empty when no search started. */
    int nbest;
    go_point best[GO_TSUMEGO_MAX_PV];
} go_tsumego_answer;

/* Solves p (the board is restored). opts may be NULL (no limits, every
 * winning move). max_nodes counts moves played (dfpn plays). */
void go_tsumego_solve(go_problem *p, const go_tsumego_opts *opts, go_tsumego_answer *out);

/* Tables for go_tsumego_opts.keep, hash_mb each (0: 16) for the questions with the
 * distance generator and those with every region point, and two more made when first
 * needed for the loser's check of a loss (GO_TS_NO_MIXED); NULL when out of memory. */
go_tsumego_keep *go_tsumego_keep_new(size_t hash_mb);
void go_tsumego_keep_free(go_tsumego_keep *k);

/* Releases the calling thread's caches (the eye-space solver keeps solved shapes per
 * thread for its next problems). A thread of the caller's that called go_tsumego_solve
 * (or the owl and GTP functions built on it) calls this before it ends, else that
 * memory is lost with the thread; the main thread need not. */
void go_tsumego_thread_done(void);

/* "win", "ko_win", ... as yomi_result_name, for the side to play. */
const char *go_tsumego_result_name(yomi_result r);

#endif
