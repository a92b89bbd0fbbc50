/* Every number of the attack/defend reader that was chosen by a suite's score,
 * in one place. None of them is a rule of the game: each bounds how far or how
 * widely the reader looks, or defines GNU Go's "escaped" heuristic, and each
 * was set (or kept) because of what it scored on GNU Go's reading.tst
 * (data/go/gnugo-regress/reading.tst). The score quoted, 224/235, is the one
 * they were chosen at, in November 2026 (go-reading-proof). A change to any of
 * them is a change to the search: it shows in reading.tst's node count and in
 * the bench signature (tests/cli_bench_signature.sh).
 *
 * A ply bound P means "at plies <= P + the depth offset" (GTP increase_depths /
 * decrease_depths move every bound by one).
 *
 * Not here: the caller's default node budget, GO_READ_DEFAULT_MAX_NODES in
 * include/yomi/go_reading.h (also chosen on reading.tst, at 224/235 in
 * 2026-11), and the candidate ordering scores inside reading_moves.c, which
 * order moves (and so change node counts) but never which moves are read. */
#ifndef YOMI_GO_READING_TUNING_H
#define YOMI_GO_READING_TUNING_H

/* ---- GNU Go's escape rule: what "escaped" means at a ply ----
 * The question reading.tst asks is GNU Go's, and GNU Go counts a string with
 * enough liberties as saved without reading on. Kept at GNU Go's values because
 * reading.tst's answers follow them (224/235, 2026-11); an answer that rests on
 * them is a heuristic, not a proof (see reading_escape.c, basis). */
enum {
    SAFE_LIBS = 5, /* five liberties: escaped at any ply (GNU Go) */
    FOURLIB_PLY = 7, /* four liberties: escaped after this ply (GNU Go) */
    THREELIB_PLY = 16, /* three liberties: escaped after this ply (GNU Go) */
    /* A string whose liberties all lie on the first two lines crawls along the
     * edge: four liberties count only after EDGE4_PLY, three after EDGE3_PLY.
     * Chosen on reading.tst (224/235, 2026-11): 12..20 score the same and 12
     * reads least, 11 loses case 166; 26..40 score the same and 26 reads least,
     * 25 loses case 87. */
    EDGE4_PLY = 12,
    EDGE3_PLY = 26
};

/* ---- Scope bounds: how deep each kind of candidate move is generated ----
 * All chosen on reading.tst (224/235, 2026-11); values either side score
 * lower or read more (README, "Go"). Not rules of the game. */
enum {
    BACKFILL_PLY = 9, /* second-order, backfilling and race moves up to here */
    NET3_PLY = 5, /* nets around three-liberty strings up to here */
    CRAWL_PLY = 7, /* the edge hane in front of a first-line liberty up to here
                           (7..13 score the same, 6 loses case 63) */
    WIDE_PLY = 3, /* every point near the target for the defender; the
                           defender's counter-atari and its filling of a race
                           opponent's outside liberties (four-liberty targets;
                           deeper it changes case 38, the counter-atari case 136)
                           up to here */
    KO_PLY = 5, /* forbidden kos are retaken only up to here */
    OWN_KO_PLY = 9, /* the target's own ko (see own_ko) up to here */
    COUNTER_PLY = 4, /* attacks on what threatens the attacker's weak strings up to here */
    RACE3_PLY = 0, /* ...also of three-liberty strings, and by a throw-in on a
                           two-liberty threat, up to here (0 and 1 score the same, 0
                           reads least; -1 loses case 228) */
    LOCAL_PLY = 5, /* the points next to the opponent's last move up to here */
    ANSWER_PLY = 8, /* answers to the opponent's last move up to here */
    CHASE_PLY = 4, /* defender ataris on two-liberty neighbours unchecked up to here */
    PASS_PLY = 3, /* after a defender pass deeper, the attacker only fills liberties
                           (or saves its short strings sharing one) */
    /* A ko on one of the target's liberties counts as the target's own ko
     * (read to OWN_KO_PLY) in a race only for a target of at most this many
     * liberties next to an enemy string of at most OWN_KO_RACE_NEIGHBOUR_LIBS
     * (chosen on reading.tst, 224/235, 2026-11). */
    OWN_KO_RACE_TARGET_LIBS = 2,
    OWN_KO_RACE_NEIGHBOUR_LIBS = 3
};

/* ---- Sizes and budgets ----
 * Engineering choices, set while tuning on reading.tst (224/235, 2026-11) for
 * its node count; not rules of the game. MAX_PLY stops a line with UNKNOWN
 * (never a guess). */
enum {
    MAX_PLY = 64,
    MAX_CAND = 48, /* candidates kept at a node */
    KILLER_BONUS = 5 /* score of the killer move among the candidates */
};
#define READER_HASH_MB 2 /* table size when the caller gives none */
#define LADDER_NODES 20000u /* most nodes one ladder read inside the search may use */
#define LADDER_CACHE 4096u /* ladder answers kept, by position (a power of two) */

#endif
