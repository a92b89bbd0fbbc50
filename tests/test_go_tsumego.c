/* Life-and-death solver (src/go/tsumego.c, problem.c, zone.c, order.c).
 *  - An independent brute force (plain minimax over every legal move of the
 *    region and passes, the same rules: capture wins for the attacker, two
 *    passes or a repetition on the line for the defender, simple ko, no ko
 *    threats) on random small enclosed positions: the solver's result and its
 *    set of winning first moves must equal the brute force's.
 *    The same with go_tsumego_opts.ask: the asked winners are listed, at most one other;
 *    with others_nodes (each first move asked alone within a cap): all of them when the
 *    cap never stops, only brute-force winners under a cap of one play.
 *  - Cho Chikun's elementary problems (data/go/sanderland): the winning first
 *    moves yomi reports must be non-empty and inside SOL for at least the
 *    floor below, per-problem node limits (deterministic).
 *  - A ko tier's threats check asked before verify: the strongest ko_win moves
 *    (the brute force with threats), the old order's answer.
 *  - Kept proofs (go_tsumego_opts.keep): the results of fresh questions and the
 *    brute force's along random lines.
 *  - Symmetry: the eight board symmetries and the colour swap give the same
 *    answer (moves mapped) on a sample.
 *  - Bad input: clear errors with the place and the option to use. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/problem.h"
#include "go_ld_brute.h"
#include "testutil.h"
#include "yomi/go_tsumego.h"

/* ---- Brute force: tests/go_ld_brute.h ---- */

static uint64_t rng_state = 0x1234567ULL;

/* The answer's winning first moves, forcing exchanges (winners kept apart from
 * moves[]) included, are exactly the n marked in win[]. */
static bool winners_are(const go_tsumego_answer *a, const bool *win, int n) {
    bool same = a->nmoves + a->nexchange == n;
    for (int i = 0; i < a->nmoves; i++) same &= win[a->moves[i]];
    for (int i = 0; i < a->nexchange; i++) same &= win[a->exchange[i]];
    return same;
}

/* The question the brute force answers: every first move of the side to play, no ko
 * master, every region point (the brute force plays them all), and the techniques in
 * off switched off. */
static go_tsumego_opts bf_opts(unsigned off) {
    go_tsumego_opts o;
    memset(&o, 0, sizeof o);
    o.all_moves = true;
    o.fixed_master = true;
    o.ko_master = GO_EMPTY;
    o.disable = GO_TS_NO_DISTANCE | off;
    o.lim.hash_mb = 4;
    return o;
}

static void test_brute_force(void) {
    int compared = 0, tries = 0, max = t_sanitized() ? 15 : 60;
    int classes[3] = {0, 0, 0}; /* class_only's answers: other, win in full, ko_loss */
    uint64_t total = 0;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 200000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &rng_state, 6, &to_play, tv); /* a white target; either side */
        if (!p) continue;
        /* Brute force: winning first moves of the side to play (passes excluded). */
        bool bf_win[GO_MAX_POINTS];
        uint64_t bf_nodes = 0;
        int bf_n = ld_bf_first_moves(p, to_play, 3000000, false, bf_win, &bf_nodes);
        if (bf_n < 0) { /* too big for the brute force: draw another */
            go_problem_free(p);
            continue;
        }
        /* The default techniques, then each pruning one switched off (the brute force
         * generates the attacker's pass: passcut must change no answer; killer orders only);
         * the last with 2 workers per search (no limit: the same exact answers). */
        static const unsigned variants[] = {0, GO_TS_NO_PASSCUT, GO_TS_NO_KILLER, 0};
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            go_tsumego_opts o = bf_opts(variants[v]);
            o.threads = v == 3 ? 2 : 1;
            go_tsumego_answer a;
            go_tsumego_solve(p, &o, &a);
            bool same = a.result == (bf_n ? YOMI_WIN : YOMI_LOSS) && winners_are(&a, bf_win, bf_n);
            CHECK_MSG(same,
                      "brute force: %d winning moves, yomi %s with %d (target %s, %s to play, without 0x%x, "
                      "%d workers)",
                      bf_n, go_tsumego_result_name(a.result), a.nmoves, tv,
                      to_play == GO_BLACK ? "black" : "white", variants[v], o.threads);
            if (!same) go_board_print(p->board, stderr);
        }
        /* go_tsumego_opts.ask (go check's tree walk): half the points asked, chosen by a
         * hash of the position's number. The result is the brute force's; the listed
         * winners are brute-force winners, every asked winner among them, and at most one
         * (the main search's move, unless that is a pass) outside the asked ones. */
        go_point ask[GO_MAX_POINTS];
        int nask = 0;
        GO_FOR_POINTS(p->board, q) {
            if ((((unsigned)q * 2654435761u + (unsigned)compared) >> 7) & 1) ask[nask++] = q;
        }
        go_tsumego_opts o = bf_opts(0);
        o.ask = ask;
        o.nask = nask;
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        bool asked[GO_MAX_POINTS + 1] = {false}, listed[GO_MAX_POINTS + 1] = {false};
        for (int i = 0; i < nask; i++) asked[ask[i]] = true;
        int outside = 0, nl = 0;
        bool ok = a.result == (bf_n ? YOMI_WIN : YOMI_LOSS);
        for (int i = 0; i < a.nmoves + a.nexchange; i++) {
            go_point m = i < a.nmoves ? a.moves[i] : a.exchange[i - a.nmoves];
            ok &= m >= 0 && m < GO_MAX_POINTS && bf_win[m];
            if (!ok) break;
            listed[m] = true;
            outside += !asked[m];
            nl++;
        }
        GO_FOR_POINTS(p->board, q) ok &= !(asked[q] && bf_win[q]) || listed[q];
        ok &= outside <= 1;
        CHECK_MSG(ok, "ask: %d winning moves, yomi %s with %d listed (%d outside the %d asked), target %s",
                  bf_n, go_tsumego_result_name(a.result), nl, outside, nask, tv);
        /* go_tsumego_opts.others_nodes (owl's dragon_status): each first move asked alone
         * within its cap. With a cap that never stops, exactly the brute force's winners;
         * with one play per move (none scaled), the brute force's result, and every listed
         * winner one of the brute force's (a move the cap stops is undecided, not listed). */
        for (int v = 0; v < 2; v++) {
            o = bf_opts(0);
            o.others_nodes = v == 0 ? 100000000 : 1;
            go_tsumego_solve(p, &o, &a);
            ok = a.result == (bf_n ? YOMI_WIN : YOMI_LOSS);
            if (v == 0) ok &= winners_are(&a, bf_win, bf_n);
            for (int i = 0; i < a.nmoves + a.nexchange && ok; i++) {
                go_point m = i < a.nmoves ? a.moves[i] : a.exchange[i - a.nmoves];
                ok &= m >= 0 && m < GO_MAX_POINTS && bf_win[m];
            }
            CHECK_MSG(ok, "others_nodes %llu: %d winning moves, yomi %s with %d listed, target %s",
                      (unsigned long long)o.others_nodes, bf_n, go_tsumego_result_name(a.result), a.nmoves,
                      tv);
        }
        /* go_tsumego_opts.class_only (go check's walk), every tier asked: its win class is
         * the (0, 0) game, the brute force's (a win with exactly its winners, result
         * ko_win), and its class is the full classification's (win and ko_win alike,
         * else the same result). */
        go_tsumego_answer full, co;
        o = bf_opts(0);
        o.fixed_master = false;
        go_tsumego_solve(p, &o, &full);
        o.class_only = true;
        go_tsumego_solve(p, &o, &co);
        bool co_win = co.result == YOMI_WIN || co.result == YOMI_KO_WIN;
        bool full_win = full.result == YOMI_WIN || full.result == YOMI_KO_WIN;
        ok = co_win == (bf_n > 0) &&
            (!bf_n || (co.result == YOMI_KO_WIN && winners_are(&co, bf_win, bf_n))) && co_win == full_win &&
            (co_win || co.result == full.result);
        CHECK_MSG(ok, "class_only: %d winning moves, yomi %s with %d, in full %s (target %s, %s to play)",
                  bf_n, go_tsumego_result_name(co.result), co.nmoves, go_tsumego_result_name(full.result), tv,
                  to_play == GO_BLACK ? "black" : "white");
        classes[co.result == YOMI_KO_LOSS ? 2 : full.result == YOMI_WIN ? 1 : 0]++;
        compared++;
        total += bf_nodes;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "brute force: %d positions compared (%llu brute-force nodes, %d drawn); class_only: %d outright "
            "wins asked as ko_win, %d ko_loss\n",
            compared, (unsigned long long)total, tries, classes[1], classes[2]);
    CHECK_MSG(compared == max, "only %d random positions compared", compared);
}

/* ---- Seki apart from clean life (go_tsumego_opts.seki) ----
 * Random small problems with the defender to play, against the brute force asked
 * twice: with the solver's game, and with seki a loss for the defender (two passes
 * win for it only with the target Benson-alive). When some move lives cleanly the
 * answer is `win` with exactly those moves (exchanges included); when every winner
 * reaches only seki it is `seki` with all of them; no winner: `loss`. */
static void test_clean_life(void) {
    uint64_t st = 0xc1ea9ULL;
    int compared = 0, seki_only = 0, dropped = 0, tries = 0, max = t_sanitized() ? 15 : 60;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 400000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 6, &to_play, tv);
        if (!p) continue;
        if (to_play == p->attacker) {
            go_problem_free(p);
            continue;
        }
        bool any[GO_MAX_POINTS], clean[GO_MAX_POINTS];
        int n_any = ld_bf_first_moves(p, to_play, 3000000, false, any, NULL);
        int n_clean = n_any < 0 ? -1 : ld_bf_first_moves(p, to_play, 3000000, true, clean, NULL);
        if (n_clean < 0) {
            go_problem_free(p);
            continue;
        }
        go_tsumego_opts o = bf_opts(0);
        o.seki = true;
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        const bool *want = n_clean ? clean : any;
        int n_want = n_clean ? n_clean : n_any;
        yomi_result r = !n_any ? YOMI_LOSS : n_clean ? YOMI_WIN : YOMI_SEKI;
        bool same = a.result == r && winners_are(&a, want, n_want);
        CHECK_MSG(same,
                  "clean life: brute force %d winners, %d clean; yomi %s with %d (+%d exchanges) (target %s)",
                  n_any, n_clean, go_tsumego_result_name(a.result), a.nmoves, a.nexchange, tv);
        if (!same) go_board_print(p->board, stderr);
        compared++;
        seki_only += n_any && !n_clean;
        dropped += n_clean && n_clean < n_any;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "clean life: %d positions compared, %d seki only, %d with seki moves dropped (%d drawn)\n",
            compared, seki_only, dropped, tries);
    CHECK_MSG(compared == max && seki_only + dropped > 0, "clean life: %d compared, %d seki only, %d dropped",
              compared, seki_only, dropped);
}

/* Random small problems solved with a technique on and off (GO_TS_NO_... bit
 * `off`), all first moves: the same result and the same winning first moves
 * whenever both answers are complete (`complete`: no first move left undecided
 * either), `max` such problems, some of them ko answers. */
static void same_answers(const char *what, uint64_t seed, int max, uint64_t nodes, unsigned off,
                         bool complete) {
    uint64_t st = seed;
    int compared = 0, ko = 0, tries = 0;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 200000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 8, &to_play, tv);
        if (!p) continue;
        go_tsumego_answer a[2];
        for (int k = 0; k < 2; k++) {
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.all_moves = true;
            o.disable = GO_TS_NO_DISTANCE | (k ? off : 0);
            o.lim.hash_mb = 4;
            o.lim.max_nodes = nodes;
            go_tsumego_solve(p, &o, &a[k]);
        }
        if (a[0].result != YOMI_UNKNOWN && a[1].result != YOMI_UNKNOWN &&
            (!complete || (!a[0].nunknown && !a[1].nunknown))) {
            bool same = a[0].result == a[1].result && a[0].nmoves == a[1].nmoves;
            for (int i = 0; same && i < a[0].nmoves; i++) {
                bool f = false;
                for (int j = 0; j < a[1].nmoves; j++) f |= a[0].moves[i] == a[1].moves[j];
                same = f;
            }
            CHECK_MSG(same, "%s on: %s with %d moves, off: %s with %d (target %s)", what,
                      go_tsumego_result_name(a[0].result), a[0].nmoves, go_tsumego_result_name(a[1].result),
                      a[1].nmoves, tv);
            if (!same) go_board_print(p->board, stderr);
            compared++;
            ko += a[1].result == YOMI_KO_WIN || a[1].result == YOMI_KO_LOSS;
        }
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr, "%s: %d positions compared, %d ko answers (%d drawn)\n", what, compared, ko, tries);
    CHECK_MSG(compared == max && ko > 0, "%s: only %d positions compared, %d ko answers", what, compared, ko);
}

/* ---- Threat tiers sharing proofs ----
 * The tiers' shared results (dfpn_keep, dominance lookups) change no answer
 * (GO_TS_NO_SHARE off), every threat tier asked. */
static void test_tier_share(void) {
    same_answers("tier sharing", 0x7135ULL, t_sanitized() ? 40 : 300, 200000, GO_TS_NO_SHARE, false);
}

/* ---- Result classes settled by their easiest tier ----
 * Asking (0,0) before (0,1) and (inf,0) before (1,0) and (2,0), with the harder
 * tiers skipped after a loss (monotonicity), changes no complete answer against
 * the best-first order (GO_TS_NO_CLASSES). */
static void test_classes(void) {
    same_answers("classes first", 0x5eedc1a55ULL, t_sanitized() ? 20 : 120, 400000, GO_TS_NO_CLASSES, true);
}

/* ---- The loser's check of a distance generator's loss (GO_TS_NO_MIXED) ----
 * Random small problems asked with the distance generator at its tightest bound (1:
 * it leaves out most region points, so its losses are often wrong): the answer is
 * proved only when a search with every region point for the loser confirmed it, and
 * a proved answer must be the brute force's (a winning first move: a win; none: a
 * loss). The same question without the loser's check (the full search of both sides
 * instead) must agree where both are proved. So must the question with the loser's
 * game first (go_tsumego_opts.loser_first, the tree walk's guess that the side to play
 * loses), where it loses and where the guess is wrong and it wins. */
static void test_loser_check(void) {
    uint64_t st = 0x6c6f736572ULL, plays[3] = {0, 0, 0};
    int compared = 0, proved_loss = 0, heuristic = 0, first_loss = 0, first_win = 0, limited_unknown = 0,
        tries = 0, max = t_sanitized() ? 10 : 30;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 200000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 6, &to_play, tv);
        if (!p) continue;
        bool bf_win[GO_MAX_POINTS];
        int bf_n = ld_bf_first_moves(p, to_play, 3000000, false, bf_win, NULL);
        if (bf_n < 0) {
            go_problem_free(p);
            continue;
        }
        /* v 3: the loser's game first under a small play limit (its passes cut short,
         * the default passes left with few or no plays): a proved answer must still be
         * the brute force's. */
        go_tsumego_answer a[4];
        for (int v = 0; v < 4; v++) {
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.fixed_master = true;
            o.ko_master = GO_EMPTY;
            o.distance = 1;
            o.disable = v == 1 ? GO_TS_NO_MIXED : 0;
            o.loser_first = v >= 2;
            o.lim.hash_mb = 4;
            if (v == 3) o.lim.max_nodes = 1 + a[2].nodes / 2;
            go_tsumego_solve(p, &o, &a[v]);
            if (v < 3) plays[v] += a[v].nodes;
            bool ok = !a[v].proved || a[v].result == (bf_n ? YOMI_WIN : YOMI_LOSS);
            CHECK_MSG(
                ok, "loser's check: brute force %d winning moves, yomi %s, proved (target %s, %s to play%s)",
                bf_n, go_tsumego_result_name(a[v].result), tv, to_play == GO_BLACK ? "black" : "white",
                v == 1       ? ", without mixed"
                    : v == 2 ? ", loser first"
                    : v == 3 ? ", loser first, limited"
                             : "");
            if (!ok) go_board_print(p->board, stderr);
        }
        CHECK_MSG(!a[0].proved || !a[1].proved || a[0].result == a[1].result,
                  "loser's check: %s with it, %s without (target %s)", go_tsumego_result_name(a[0].result),
                  go_tsumego_result_name(a[1].result), tv);
        /* The loser's game first: a loss there is proved, and where the side to play
         * wins there the default passes follow; with no limit, the default question's
         * answer and basis either way (the loser's game is the loser's check's). */
        CHECK_MSG(a[2].result != YOMI_LOSS || a[2].proved, "loser first: a loss not proved (target %s)", tv);
        CHECK_MSG(a[2].result == a[0].result && a[2].proved == a[0].proved,
                  "loser first: %s (%s), the default question %s (%s) (target %s)",
                  go_tsumego_result_name(a[2].result), a[2].proved ? "proved" : "heuristic",
                  go_tsumego_result_name(a[0].result), a[0].proved ? "proved" : "heuristic", tv);
        limited_unknown += a[3].result == YOMI_UNKNOWN;
        first_loss += a[2].result == YOMI_LOSS;
        first_win += a[2].result == YOMI_WIN;
        /* The same with the ko tiers classified and every winning first move asked. */
        go_tsumego_answer k[2];
        for (int v = 0; v < 2; v++) {
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.all_moves = true;
            o.distance = 1;
            o.loser_first = v == 1;
            o.lim.hash_mb = 4;
            go_tsumego_solve(p, &o, &k[v]);
        }
        bool same = k[0].result == k[1].result && k[0].proved == k[1].proved && k[0].nmoves == k[1].nmoves;
        for (int i = 0; same && i < k[0].nmoves; i++) same = k[0].moves[i] == k[1].moves[i];
        CHECK_MSG(
            same,
            "loser first, ko tiers: %s (%s, %d moves), the default question %s (%s, %d moves) (target %s)",
            go_tsumego_result_name(k[1].result), k[1].proved ? "proved" : "heuristic", k[1].nmoves,
            go_tsumego_result_name(k[0].result), k[0].proved ? "proved" : "heuristic", k[0].nmoves, tv);
        proved_loss += a[0].proved && a[0].result == YOMI_LOSS;
        heuristic += !a[0].proved;
        compared++;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "loser's check: %d positions, %d proved losses, %d heuristic; plays %llu (without: %llu, loser "
            "first: %llu, %d losses and %d wins; with half its plays %d unknown)\n",
            compared, proved_loss, heuristic, (unsigned long long)plays[0], (unsigned long long)plays[1],
            (unsigned long long)plays[2], first_loss, first_win, limited_unknown);
    CHECK_MSG(compared == max && proved_loss > 0, "loser's check: %d positions, %d proved losses", compared,
              proved_loss);
    CHECK_MSG(first_loss > 0 && first_win > 0, "loser first: %d losses, %d wins (both kinds needed)",
              first_loss, first_win);
}

/* ---- A ko tier's threats check before verify (GO_TS_NO_THREATS_FIRST off) ----
 *  - Random small problems, the default question (the distance generator, the
 *    threat tiers, no limit): where the answer is a ko_win and the side to play wins
 *    against one opponent's threat (go_ld_brute.h's memo brute force with threats),
 *    its moves must be such winners, all winning against the same most opponent's
 *    threats (up to 3): prefer_more_threats keeps only the strongest. The old order
 *    must give the same answer. (Winners that differ in that count are rare: the
 *    release sample holds one, three winners against 1, 2 and 3 threats.)
 *  - Cho elementary #100 at 2M plays (go check's options): the threats check refutes
 *    B19 and D19 against two threats while verify confirms A15, the book's answer;
 *    the old order spends the plays verifying all three and lists them all. */
static void test_threats_first(const char *data) {
    uint64_t st = 0x7468726561ULL;
    int compared = 0, tier1 = 0, weaker = 0, tries = 0, max = t_sanitized() ? 4 : 12;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 100000) {
        tries++;
        char tv[8];
        go_color to_play;
        go_problem *p = ld_random_problem(b, &st, 7, &to_play, tv);
        if (!p) continue;
        /* The old order's answer only for a ko_win (the rest is no question here). */
        go_tsumego_answer a[2];
        for (int v = 0; v < 2 && (v == 0 || a[0].result == YOMI_KO_WIN); v++) {
            go_tsumego_opts o;
            memset(&o, 0, sizeof o);
            o.all_moves = true;
            o.disable = v ? GO_TS_NO_THREATS_FIRST : 0;
            o.lim.hash_mb = 4;
            go_tsumego_solve(p, &o, &a[v]);
        }
        if (a[0].result != YOMI_KO_WIN) {
            go_problem_free(p);
            continue;
        }
        /* lvl[m]: the most opponent's threats (1..3) m wins against (the side to play
         * has none), 0 none. */
        int lvl[GO_MAX_POINTS], n1 = 0;
        bool big = false;
        GO_FOR_POINTS(p->board, m) lvl[m] = 0;
        for (int k = 1; k <= 3 && !big; k++) {
            int thr[3] = {0, 0, 0};
            thr[go_other(to_play)] = k;
            bool win[GO_MAX_POINTS];
            int nk = ld_bf_first_moves_memo(p, to_play, 3000000, false, 18, thr, win, NULL);
            big = nk < 0;
            GO_FOR_POINTS(p->board, m) {
                if (win[m] && lvl[m] == k - 1) lvl[m] = k;
            }
            if (k == 1) n1 = nk;
        }
        if (big) {
            go_problem_free(p);
            continue;
        }
        compared++;
        bool same = a[0].result == a[1].result && a[0].nmoves == a[1].nmoves;
        for (int i = 0; same && i < a[0].nmoves; i++) same = a[0].moves[i] == a[1].moves[i];
        CHECK_MSG(same, "threats first: %s with %d moves, the old order %s with %d (target %s)",
                  go_tsumego_result_name(a[0].result), a[0].nmoves, go_tsumego_result_name(a[1].result),
                  a[1].nmoves, tv);
        bool ok = true;
        if (n1 > 0) {
            tier1++;
            int top = a[0].nmoves ? lvl[a[0].moves[0]] : 0;
            ok = a[0].nmoves > 0 && top > 0;
            for (int i = 0; i < a[0].nmoves; i++) ok &= lvl[a[0].moves[i]] == top;
            CHECK_MSG(ok, "threats first: a ko_win move not the strongest winner (target %s, %s to play)", tv,
                      to_play == GO_BLACK ? "black" : "white");
            bool left = false;
            GO_FOR_POINTS(p->board, m) left |= lvl[m] > 0 && lvl[m] < top;
            weaker += left;
        }
        if (!same || !ok) go_board_print(p->board, stderr);
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr,
            "threats first: %d ko_win answers compared, %d against a threat, %d with a weaker winner (%d "
            "drawn)\n",
            compared, tier1, weaker, tries);
    CHECK_MSG(compared == max && tier1 > 0, "threats first: %d compared, %d against a threat", compared,
              tier1);

    const char *dir = t_data_path(data, "go/sanderland/cho-elementary");
    if (!dir) return; /* test_cho says so */
    char path[1024];
    snprintf(path, sizeof path, "%s/Prob0100.json", dir);
    yomi_error err;
    go_problem *p = go_problem_load(path, NULL, &err);
    CHECK_MSG(p != NULL, "%s: %s", path, err.msg);
    if (!p) return;
    go_tsumego_opts o;
    memset(&o, 0, sizeof o);
    o.all_moves = true;
    o.bent_four_dead = true;
    o.lim.max_nodes = 2000000;
    go_tsumego_answer ans;
    go_tsumego_solve(p, &o, &ans);
    char v[8] = "-";
    if (ans.nmoves) go_vertex_format(p->board, ans.moves[0], v, (int)sizeof v);
    CHECK_MSG(ans.result == YOMI_KO_WIN && ans.nmoves == 1 && !strcmp(v, "A15"),
              "Cho elementary #100 at 2M plays: %s with %d moves, the first %s (want ko_win, A15 alone)",
              go_tsumego_result_name(ans.result), ans.nmoves, v);
    go_problem_free(p);
}

/* ---- Proofs kept between questions (go_tsumego_opts.keep, go check's walk) ----
 * Random small problems, each asked along a random line of region moves (either
 * side to move, up to 8 positions) with one keep for the whole line, with the
 * distance generator and with every region point: at every position the result
 * is a fresh question's (no keep), and with every region point the brute force's
 * where it decides (a winning first move: a win; none for the attacker: a loss, its
 * pass always losing). The kept tables must save plays. */
static void test_keep(void) {
    uint64_t st = 0x6b656570ULL, plays[2] = {0, 0};
    int compared = 0, brute = 0, tries = 0, max = t_sanitized() ? 60 : 300;
    go_board *b = go_board_new(5);
    while (compared < max && tries < 200000) {
        tries++;
        char tv[8];
        go_color first;
        go_problem *p = ld_random_problem(b, &st, 8, &first, tv);
        if (!p) continue;
        for (int v = 0; v < 2; v++) {
            go_tsumego_keep *k = go_tsumego_keep_new(4);
            CHECK_MSG(k != NULL, "%s", "keep: out of memory");
            if (!k) break;
            go_color c = first;
            int played = 0;
            for (int depth = 0; depth < 8; depth++) {
                if (go_board_at(p->board, p->target) != GO_WHITE) break;
                p->to_play = c;
                p->live = c != p->attacker;
                go_tsumego_answer a[2];
                for (int kept = 0; kept < 2; kept++) {
                    go_tsumego_opts o;
                    memset(&o, 0, sizeof o);
                    o.fixed_master = true;
                    o.ko_master = GO_EMPTY;
                    o.disable = v ? GO_TS_NO_DISTANCE : 0;
                    o.lim.hash_mb = 4;
                    o.lim.max_nodes = 200000;
                    o.keep = kept ? k : NULL;
                    go_tsumego_solve(p, &o, &a[kept]);
                    plays[kept] += a[kept].nodes;
                }
                if (a[0].result != YOMI_UNKNOWN && a[1].result != YOMI_UNKNOWN) {
                    CHECK_MSG(a[0].result == a[1].result, "keep: fresh %s, kept %s (target %s, depth %d, %s)",
                              go_tsumego_result_name(a[0].result), go_tsumego_result_name(a[1].result), tv,
                              depth, v ? "every point" : "distance");
                    if (a[0].result != a[1].result) go_board_print(p->board, stderr);
                    compared++;
                }
                bool bf_win[GO_MAX_POINTS];
                int bf_n = v && a[1].result != YOMI_UNKNOWN
                    ? ld_bf_first_moves(p, c, 1000000, false, bf_win, NULL)
                    : -1;
                if (bf_n > 0 || (bf_n == 0 && c == p->attacker)) {
                    CHECK_MSG(a[1].result == (bf_n ? YOMI_WIN : YOMI_LOSS),
                              "keep: brute force %d winning moves, kept %s (target %s, depth %d)", bf_n,
                              go_tsumego_result_name(a[1].result), tv, depth);
                    brute++;
                }
                /* A random legal region move of the side to move, then the other side. */
                go_point cand[GO_MAX_POINTS];
                int n = 0;
                GO_FOR_POINTS(p->board, q) {
                    if (p->region[q] && go_board_check_move(p->board, c, q) == GO_OK) cand[n++] = q;
                }
                if (!n) break;
                go_board_play(p->board, c, cand[ld_rnd(&st, (unsigned)n)]);
                played++;
                c = go_other(c);
            }
            while (played-- > 0) go_board_undo(p->board);
            go_tsumego_keep_free(k);
        }
        p->to_play = first;
        go_problem_free(p);
    }
    go_board_free(b);
    fprintf(stderr, "keep: %d positions compared, %d with the brute force, plays fresh %llu kept %llu\n",
            compared, brute, (unsigned long long)plays[0], (unsigned long long)plays[1]);
    CHECK_MSG(compared >= max && brute > 0, "keep: only %d positions compared, %d with the brute force",
              compared, brute);
    CHECK_MSG(plays[1] < plays[0], "keep: kept plays %llu, fresh %llu", (unsigned long long)plays[1],
              (unsigned long long)plays[0]);
}

/* ---- Cho Chikun elementary ---- */

static bool inside_sol(const go_problem *p, const go_tsumego_answer *a) {
    if (a->nmoves == 0) return false;
    for (int i = 0; i < a->nmoves; i++) {
        bool f = false;
        for (int k = 0; k < p->nsol; k++) f |= p->sol[k] == a->moves[i];
        if (!f) return false;
    }
    return true;
}

static void test_cho(const char *data) {
    const char *dir = t_data_path(data, "go/sanderland/cho-elementary");
    CHECK_MSG(dir != NULL, "no data folder given");
    if (!dir) return;
    bool san = t_sanitized();
    int count = san ? 12 : 60, step = san ? 75 : 15, correct = 0, solved = 0;
    for (int i = 0; i < count; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/Prob%04d.json", dir, 1 + i * step);
        yomi_error err;
        go_problem *p = go_problem_load(path, NULL, &err);
        CHECK_MSG(p != NULL, "%s: %s", path, err.msg);
        if (!p) continue;
        go_tsumego_opts o;
        memset(&o, 0, sizeof o);
        o.all_moves = true;
        o.lim.max_nodes = san ? 100000 : 400000;
        go_tsumego_answer a;
        go_tsumego_solve(p, &o, &a);
        if (a.result != YOMI_UNKNOWN) solved++;
        if (inside_sol(p, &a)) correct++;
        go_problem_free(p);
    }
    double rate = 100.0 * correct / count;
    fprintf(stderr, "cho-elementary sample: %d/%d correct (%.1f%%), %d answered\n", correct, count, rate,
            solved);
    /* Floors measured on this sample with these node limits (2026-11-24: 40/60 = 66.7% release; sanitized 12 problems). */
    CHECK_MSG(rate >= (san ? 40.0 : 63.0), "Cho elementary sample: %.1f%% correct", rate);
}

/* ---- Symmetry and colour swap ---- */

static go_point sym_point(go_point p, int size, int sym) {
    if (p == GO_PASS || p == GO_NO_POINT) return p;
    int c = go_col(p), r = go_row(p), n = size - 1;
    if (sym & 1) c = n - c;
    if (sym & 2) r = n - r;
    if (sym & 4) {
        int t = c;
        c = r;
        r = t;
    }
    return go_pt(c, r);
}

/* a's result and moves are a0's moved by symmetry sym. */
static bool same_under(const go_tsumego_answer *a, const go_tsumego_answer *a0, int size, int sym) {
    bool same = a->result == a0->result && a->nmoves == a0->nmoves;
    for (int k = 0; k < a0->nmoves && same; k++) {
        bool f = false;
        for (int j = 0; j < a->nmoves; j++) f |= a->moves[j] == sym_point(a0->moves[k], size, sym);
        same &= f;
    }
    return same;
}

static void test_symmetry(const char *data) {
    const char *dir = t_data_path(data, "go/sanderland/cho-elementary");
    if (!dir) return;
    int nprob = t_sanitized() ? 2 : 4, checked = 0, par_compared = 0, par_asked = 0;
    for (int i = 0; i < nprob; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/Prob%04d.json", dir, 1 + i * 37);
        yomi_error err;
        go_problem *p = go_problem_load(path, NULL, &err);
        CHECK_MSG(p != NULL, "%s: %s", path, err.msg);
        if (!p) continue;
        go_tsumego_opts o;
        memset(&o, 0, sizeof o);
        o.all_moves = true;
        o.lim.max_nodes = 400000;
        go_tsumego_answer a0;
        go_tsumego_solve(p, &o, &a0);
        if (a0.result == YOMI_UNKNOWN || a0.nunknown) {
            go_problem_free(p);
            continue;
        }
        int size = p->size;
        for (int sym = 0; sym < 16; sym++) {
            bool swap = sym >= 8;
            go_board *b = go_board_new(size);
            GO_FOR_POINTS(p->original, q) {
                go_color k = go_board_at(p->original, q);
                if (k == GO_EMPTY) continue;
                go_board_setup(b, sym_point(q, size, sym & 7), swap ? go_other(k) : k);
            }
            go_color tp = swap ? go_other(p->to_play) : p->to_play;
            go_problem *q = go_problem_from_board(b, tp, NULL, &err);
            CHECK_MSG(q != NULL, "symmetry %d of %s: %s", sym, path, err.msg);
            if (q) {
                go_tsumego_answer a;
                go_tsumego_solve(q, &o, &a);
                bool same = same_under(&a, &a0, size, sym & 7);
                CHECK_MSG(same, "%s symmetry %d%s: %s/%d moves vs %s/%d", path, sym & 7,
                          swap ? " colours swapped" : "", go_tsumego_result_name(a.result), a.nmoves,
                          go_tsumego_result_name(a0.result), a0.nmoves);
                if (sym % 4 == 1) {
                    /* 2 workers with four times the plays (their count varies from run to
                     * run): an answer no limit cut short is the single search's. */
                    go_tsumego_opts o2 = o;
                    o2.threads = 2;
                    o2.lim.max_nodes = 4 * o.lim.max_nodes;
                    go_tsumego_solve(q, &o2, &a);
                    par_asked++;
                    if (a.result != YOMI_UNKNOWN && !a.nunknown) {
                        par_compared++;
                        same = same_under(&a, &a0, size, sym & 7);
                        CHECK_MSG(same, "%s symmetry %d%s, 2 workers: %s/%d moves vs %s/%d", path, sym & 7,
                                  swap ? " colours swapped" : "", go_tsumego_result_name(a.result), a.nmoves,
                                  go_tsumego_result_name(a0.result), a0.nmoves);
                    }
                }
                go_problem_free(q);
            }
            go_board_free(b);
        }
        checked++;
        go_problem_free(p);
    }
    CHECK_MSG(checked >= nprob / 2, "symmetry: only %d problems solved to check", checked);
    fprintf(stderr, "symmetry: %d problems, 2 workers: %d of %d answers finished and compared\n", checked,
            par_compared, par_asked);
    CHECK_MSG(par_compared * 4 >= par_asked * 3, "symmetry: 2 workers finished only %d of %d", par_compared,
              par_asked);
}

/* ---- Bad input ---- */

/* The test's own file NAME in /tmp (one per process id). */
static void tmp_path(const char *name, char *path, size_t size) {
    snprintf(path, size, "/tmp/yomi_ts_%d_%s", (int)getpid(), name);
}

static const char *write_tmp(const char *name, const char *text) {
    static char path[256];
    tmp_path(name, path, sizeof path);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

static void test_bad_input(void) {
    yomi_error err;
    go_problem *p = go_problem_load("/nonexistent/x.json", NULL, &err);
    CHECK(p == NULL && strstr(err.msg, "cannot open"));
    const char *f = write_tmp("a.json", "{\"AB\": [\"aa\", \"bb\"],\n \"AW\": [\"cc\" \"dd\"]}");
    p = go_problem_load(f, NULL, &err);
    CHECK_MSG(p == NULL && err.line == 2 && strstr(err.msg, "expected"), "line %ld: %s", err.line, err.msg);
    f = write_tmp("b.json", "{\"AB\": [\"aa\", \"bb\"], \"AW\": [\"cb\", \"ca\"], \"SZ\": \"19\"}");
    p = go_problem_load(f, NULL, &err);
    CHECK_MSG(p == NULL && strstr(err.msg, "--to-play"), "%s", err.msg);
    go_problem_hints h = {.to_play = GO_BLACK};
    p = go_problem_load(f, &h, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    go_problem_free(p);
    f = write_tmp("c.json", "{\"AB\": [\"zz\"], \"C\": \"Black to play\"}");
    p = go_problem_load(f, NULL, &err);
    CHECK_MSG(p == NULL && strstr(err.msg, "AB[0]"), "%s", err.msg);
    f = write_tmp("d.sgf", "(;FF[4]SZ[9]AB[aa][ba]AW[ca][cb])");
    p = go_problem_load(f, NULL, &err);
    CHECK_MSG(p == NULL && strstr(err.msg, "--to-play"), "%s", err.msg);
    h.target = "E5";
    p = go_problem_load(f, &h, &err);
    CHECK_MSG(p == NULL && strstr(err.msg, "--target"), "%s", err.msg);
    /* The files go again so that runs leave nothing behind in /tmp. */
    static const char *const names[] = {"a.json", "b.json", "c.json", "d.sgf"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[256];
        tmp_path(names[i], path, sizeof path);
        CHECK_MSG(remove(path) == 0, "cannot remove %s", path);
    }
}

int main(int argc, char **argv) {
    const char *data = argc > 1 ? argv[1] : NULL;
    test_bad_input();
    test_brute_force();
    test_clean_life();
    test_tier_share();
    test_classes();
    test_keep();
    test_loser_check();
    test_threats_first(data);
    test_symmetry(data);
    test_cho(data);
    return t_summary("test_go_tsumego");
}
