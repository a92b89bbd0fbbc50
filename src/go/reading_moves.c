/* Candidate moves of the attack/defend reader: what the attacker and the
 * defender try at a node, and in which order. See reading_internal.h. */
#include "go/reading_internal.h"

void rd_cand_add(cand *c, go_point p, int score) {
    for (int i = 0; i < c->n; i++) {
        if (c->p[i] == p) {
            c->score[i] += score;
            return;
        }
    }
    if (c->n < MAX_CAND) {
        c->p[c->n] = p;
        c->score[c->n] = score;
        c->n++;
    }
}

/* A key for candidates of equal score that does not depend on the board's
 * orientation (the point's index does): farther from the edge first, then
 * more of the mover's stones next to it, then more of the opponent's. Only
 * ties the key cannot break are left to the point order. */
static int tie_key(const go_board *b, go_color me, go_point p) {
    if (p == GO_PASS || p >= LAZY_CHASE || !go_board_on(b, p)) return 0;
    int n = go_board_size(b), c = go_col(p), w = go_row(p);
    int line = c < w ? c : w;
    if (n - 1 - c < line) line = n - 1 - c;
    if (n - 1 - w < line) line = n - 1 - w;
    if (line > 3) line = 3;
    int own = 0, opp = 0;
    GO_FOR_NEIGHBORS(p, q) {
        own += go_board_at(b, q) == me;
        opp += go_board_at(b, q) == go_other(me);
    }
    return line * 25 + own * 5 + opp;
}

/* Best first: by score, equal scores by tie_key; the move first goes first. */
void rd_cand_sort(const go_board *b, go_color me, cand *c, go_point first) {
    int key[MAX_CAND];
    for (int i = 0; i < c->n; i++) {
        if (c->p[i] == first) c->score[i] += 100000;
        key[i] = tie_key(b, me, c->p[i]);
    }
    for (int i = 1; i < c->n; i++) {
        go_point p = c->p[i];
        int s = c->score[i], k = key[i], j = i;
        while (j > 0 && (c->score[j - 1] < s || (c->score[j - 1] == s && key[j - 1] < k))) {
            c->p[j] = c->p[j - 1];
            c->score[j] = c->score[j - 1];
            key[j] = key[j - 1];
            j--;
        }
        c->p[j] = p;
        c->score[j] = s;
        key[j] = k;
    }
}

/* Near the root, every empty point within two steps of the target: the moves
 * the special-purpose generators would miss (eye shape, approach moves). */
static void gen_wide(go_reader *r, go_color col, int ply, cand *c) {
    const go_board *b = r->b;
    go_point st[GO_MAX_POINTS];
    int ns = go_string_stones(b, r->str, st, GO_MAX_POINTS);
    for (int i = 0; i < ns; i++) {
        GO_FOR_NEIGHBORS(st[i], p) {
            GO_FOR_NEIGHBORS(p, q) {
                if (go_board_at(b, q) != GO_EMPTY) continue;
                /* At the root even a sacrifice (it may shorten a neighbour). */
                if (libs_after(r, col, q, 2) < (ply == 0 ? 1 : 2)) continue;
                bool have = false;
                for (int k = 0; k < c->n; k++) have |= c->p[k] == q;
                if (!have) rd_cand_add(c, q, -50);
            }
        }
    }
}

/* Candidates that save the attacker string at s (one or two liberties; at the
 * root also three) next to the target or to what it would join: extend,
 * capture what ataris it, near the root counter-attack what threatens it (a
 * race next door), taking a string in atari even where the capture is a ko,
 * and at the root an atari on a two-liberty threat even as a self-atari (a
 * throw-in: taking the stone may leave it in atari). n: the target's
 * liberties. */
static void gen_save_attacker(go_reader *r, go_point s, int n, int ply, cand *c) {
    const go_board *b = r->b;
    go_color att = r->att;
    int o = r->depth_offset;
    go_point al[2];
    int na = go_string_libs(b, s) > 2 ? 3 : go_string_liberties(b, s, al, 2);
    if (na == 1) {
        rd_cand_add(c, al[0], 30);
        go_point cap[16];
        int nc = go_string_neighbors(b, s, 1, cap, 16);
        for (int k = 0; k < nc; k++) {
            go_point cl;
            if (go_string_liberties(b, cap[k], &cl, 1) == 1) rd_cand_add(c, cl, 35);
        }
    } else if (na == 2 && n >= 2 && ply <= BACKFILL_PLY + o) {
        for (int k = 0; k < na; k++)
            if (libs_after(r, att, al[k], 3) >= 3) rd_cand_add(c, al[k], 2);
    }
    if (ply <= COUNTER_PLY + o) {
        go_point en[16];
        int ne = go_string_neighbors(b, s, na > 2 ? 2 : 3, en, 16);
        for (int k = 0; k < ne; k++) {
            if (go_string_id(b, en[k]) == go_string_id(b, r->str)) continue;
            go_point el[3];
            int nl = go_string_liberties(b, en[k], el, 3);
            for (int j = 0; j < nl; j++)
                if (libs_after(r, att, el[j], 3) >= 2 || (nl == 1 && capture_size(b, att, el[j]) > 0) ||
                    (nl == 2 && ply <= RACE3_PLY + o))
                    rd_cand_add(c, el[j], 1);
        }
    }
}

/* Attacker candidates against the target with n liberties libs[]. */
void rd_gen_attack(go_reader *r, int n, const go_point *libs, int ply, cand *c) {
    const go_board *b = r->b;
    go_color att = r->att, def = r->def;
    int o = r->depth_offset;
    bool second = (n <= 2 && ply <= BACKFILL_PLY + o) || (n == 3 && ply <= NET3_PLY + o);
    for (int i = 0; i < n; i++) {
        go_point l = libs[i];
        int la = libs_after(r, att, l, 4);
        /* Prefer the liberty that leaves the target's extensions short. */
        int ext = 0;
        for (int j = 0; j < n; j++)
            if (j != i) ext += libs_after(r, def, libs[j], 5);
        rd_cand_add(c, l, 40 + 6 * la - 4 * ext + (la <= 1 ? -30 : 0));
        /* Second-order liberties: nets, and backfilling where the liberty itself
         * would be a self-atari. In front of a liberty on the first line (the
         * target crawls there) also deeper: the hane that stops the crawl. */
        bool crawl = n == 3 && ply <= CRAWL_PLY + o && on_edge(b, l);
        if (second || crawl || (la <= 1 && ply <= BACKFILL_PLY + o)) {
            GO_FOR_NEIGHBORS(l, q) {
                if (go_board_at(b, q) != GO_EMPTY || is_lib(libs, n, q)) continue;
                int lq = libs_after(r, att, q, 4);
                if (lq >= 2) rd_cand_add(c, q, 5 + 3 * lq);
            }
        }
        /* Strings the target would join through this liberty: shorten them first. */
        if (ply <= BACKFILL_PLY + o) {
            GO_FOR_NEIGHBORS(l, q) {
                if (go_board_at(b, q) != def || go_string_id(b, q) == go_string_id(b, r->str)) continue;
                go_point fl[4];
                int nf = go_string_liberties(b, q, fl, 4);
                if (nf > 3) continue;
                for (int k = 0; k < nf; k++) {
                    if (fl[k] == l) continue;
                    int lf = libs_after(r, att, fl[k], 3);
                    if (lf >= 2 || (lf == 1 && nf <= 2 && ply <= WIDE_PLY + o)) rd_cand_add(c, fl[k], 3);
                    /* Near the root, prepare a self-atari there (approach). */
                    if (lf <= 1 && nf <= 2 && ply <= WIDE_PLY + o) {
                        GO_FOR_NEIGHBORS(fl[k], e) {
                            if (go_board_at(b, e) == GO_EMPTY && !is_lib(libs, n, e) &&
                                libs_after(r, att, e, 3) >= 2)
                                rd_cand_add(c, e, 1);
                        }
                    }
                }
            }
        }
        /* Backfill: the attacker stones next to a self-atari liberty need air. */
        if (la <= 1 && ply <= BACKFILL_PLY + o) {
            GO_FOR_NEIGHBORS(l, q) {
                if (go_board_at(b, q) != att) continue;
                go_point al[4];
                int na = go_string_liberties(b, q, al, 4);
                if (na <= 3)
                    for (int k = 0; k < na; k++)
                        if (al[k] != l) rd_cand_add(c, al[k], 6);
            }
        }
    }
    /* Attacker strings around the target that are short of liberties: save them
     * (extend, or capture what ataris them; at the root, with three liberties,
     * attack what is short of liberties next to them: the race next door). */
    go_point nb[32];
    int nn = go_string_neighbors(b, r->str, ply <= RACE3_PLY + o ? 3 : 2, nb, 32);
    for (int i = 0; i < nn; i++) gen_save_attacker(r, nb[i], n, ply, c);
    /* Near the root, the same around a friendly string short of liberties that
     * the target would join through a liberty: the target's fate is that
     * string's, and the race around it decides. */
    if (ply <= WIDE_PLY + o) {
        for (int i = 0; i < n; i++) {
            GO_FOR_NEIGHBORS(libs[i], q) {
                if (go_board_at(b, q) != def || go_string_id(b, q) == go_string_id(b, r->str) ||
                    go_string_libs(b, q) > 3)
                    continue;
                go_point an[16];
                int na = go_string_neighbors(b, q, 2, an, 16);
                for (int k = 0; k < na; k++) gen_save_attacker(r, an[k], n, ply, c);
            }
        }
    }
}

/* A race against the enemy string at en: my other strings in atari next to
 * it would give it liberties when taken; saving them keeps it short. */
static void defend_save_mine(go_reader *r, go_point en, int ply, cand *c) {
    const go_board *b = r->b;
    go_color def = r->def;
    int o = r->depth_offset;
    go_point mine[16];
    int nm = go_string_neighbors(b, en, 1, mine, 16);
    for (int k = 0; k < nm; k++) {
        if (go_string_id(b, mine[k]) == go_string_id(b, r->str)) continue;
        go_point ml;
        go_string_liberties(b, mine[k], &ml, 1);
        if (libs_after(r, def, ml, 3) >= 2) rd_cand_add(c, ml, 8);
        /* ...or capturing a string in atari next to it (or, near
         * the root, where it cannot extend, putting one with two
         * liberties in atari: chosen on reading.tst, deeper it
         * changes the answer of case 136). */
        bool counter = libs_after(r, def, ml, 3) < 2 && ply <= WIDE_PLY + o;
        go_point cap[8];
        int ncap = go_string_neighbors(b, mine[k], counter ? 2 : 1, cap, 8);
        for (int j = 0; j < ncap; j++) {
            go_point cl[2];
            int ncl = go_string_liberties(b, cap[j], cl, 2);
            for (int h = 0; h < ncl; h++)
                if (ncl == 1 || libs_after(r, def, cl[h], 2) >= 2) rd_cand_add(c, cl[h], ncl == 1 ? 8 : 2);
        }
    }
}

/* Adjacent enemy strings of at most maxl liberties: capture those in atari;
 * shorten those that are short of liberties themselves (a capturing race). */
static void defend_neighbours(go_reader *r, int n, const go_point *libs, int ply, int maxl, bool can_extend,
                              cand *c) {
    const go_board *b = r->b;
    go_color def = r->def;
    int o = r->depth_offset;
    go_point nb[32];
    int nn = go_string_neighbors(b, r->str, maxl, nb, 32);
    for (int i = 0; i < nn; i++) {
        go_point al[4];
        int na = go_string_liberties(b, nb[i], al, 4);
        if (na == 1) {
            rd_cand_add(c, al[0], 60 + 4 * go_string_size(b, nb[i]));
        } else if (n <= 3) {
            /* Away from the root, an atari on a neighbour with two liberties
             * is read only when the ladder reader says it captures (the
             * ladder's first atari then goes first): an atari the opponent
             * just extends out of is a long chase that saves nothing. */
            bool chase = na == 2 && ply > CHASE_PLY + o;
            if (chase) rd_cand_add(c, LAZY_CHASE + nb[i], 40); /* read when its turn comes */
            if (ply <= BACKFILL_PLY + o) defend_save_mine(r, nb[i], ply, c);
            for (int k = 0; k < na && !chase; k++) {
                /* An atari on the neighbour may be played even as a self-atari: it
                 * can start a ko. Where the target cannot extend, any such
                 * self-atari (an approach move): the race is all it has. */
                int la = libs_after(r, def, al[k], 3);
                if (la >= 2 || (la == 1 && (na == 2 || ply <= WIDE_PLY + o || !can_extend)))
                    rd_cand_add(c, al[k],
                                (na == 2 ? 12 : 4) + (is_lib(libs, n, al[k]) ? 10 : 0) - (la == 1 ? 10 : 0));
                /* The liberty is a self-atari: backfill, giving the friendly
                 * strings next to it air so that filling it works later. */
                if (la <= 1 && na <= 3 && ply <= BACKFILL_PLY + o) {
                    GO_FOR_NEIGHBORS(al[k], q) {
                        if (go_board_at(b, q) != def || go_string_id(b, q) == go_string_id(b, r->str))
                            continue;
                        go_point fl[3];
                        int nf = go_string_liberties(b, q, fl, 3);
                        if (nf > 2) continue;
                        for (int j = 0; j < nf; j++)
                            if (fl[j] != al[k] && libs_after(r, def, fl[j], 3) >= 2) rd_cand_add(c, fl[j], 3);
                    }
                }
            }
        }
    }
}

/* Friendly strings the liberty would join: giving them liberties first
 * makes the connection worth playing (backfilling), also where the
 * connection is a self-atari now. */
static void defend_joined(go_reader *r, go_point l, int ply, bool self_atari, bool can_extend, cand *c) {
    const go_board *b = r->b;
    go_color def = r->def;
    int o = r->depth_offset;
    GO_FOR_NEIGHBORS(l, q) {
        if (go_board_at(b, q) != def || go_string_id(b, q) == go_string_id(b, r->str)) continue;
        go_point fl[5];
        int nf = go_string_liberties(b, q, fl, 5);
        if (nf > 4) continue;
        for (int k = 0; k < nf; k++)
            if (fl[k] != l && libs_after(r, def, fl[k], 3) >= 2) rd_cand_add(c, fl[k], 3);
        /* Near the root, or where the connection is a self-atari, the
         * enemy strings pressing on them, when short of liberties:
         * what the joined string would race against. */
        if (ply <= WIDE_PLY + o || (self_atari && !can_extend)) {
            go_point en[16];
            int ne = go_string_neighbors(b, q, 3, en, 16);
            for (int j = 0; j < ne; j++) {
                go_point el[3];
                int nl = go_string_liberties(b, en[j], el, 3);
                /* Their liberties (near the root, or where the
                 * target cannot extend, also as a self-atari, an
                 * approach move, tried late)... */
                for (int k = 0; k < nl; k++) {
                    int le = libs_after(r, def, el[k], 2);
                    if (le >= 2 || (le == 1 && (ply <= WIDE_PLY + o || !can_extend)))
                        rd_cand_add(c, el[k], le >= 2 ? 1 : -5);
                }
                /* ...and saving my strings in atari next to them,
                 * which they would take for liberties. */
                go_point mine[8];
                int nm = go_string_neighbors(b, en[j], 1, mine, 8);
                for (int k = 0; k < nm; k++) {
                    go_point ml;
                    go_string_liberties(b, mine[k], &ml, 1);
                    if (libs_after(r, def, ml, 3) >= 2) rd_cand_add(c, ml, 4);
                }
            }
        }
    }
}

/* Defender candidates for the target with n liberties libs[]. */
void rd_gen_defend(go_reader *r, int n, const go_point *libs, int ply, cand *c) {
    const go_board *b = r->b;
    go_color def = r->def;
    int o = r->depth_offset;

    /* Can the target extend at all (a liberty that is not a self-atari)? */
    bool can_extend = false;
    for (int i = 0; i < n; i++)
        can_extend |= libs_after(r, def, libs[i], 2) >= 2 || capture_size(b, def, libs[i]) > 0;
    /* The neighbours read as a race (a string in atari near the root may also
     * counter-atari). */
    int maxl = n == 1             ? (ply <= WIDE_PLY + o ? 2 : 1)
        : ply <= WIDE_PLY + o     ? 4
        : ply <= BACKFILL_PLY + o ? 3
                                  : 2;
    defend_neighbours(r, n, libs, ply, maxl, can_extend, c);
    /* A race against a neighbour that shares liberties with the target: the
     * shared ones are filled last, so what counts is its outside liberties.
     * Near the root, where the target has four liberties (the neighbours are
     * not read as a race above, an eye and shared liberties can still lose
     * it), fill the outside liberties of a neighbour with few of them.
     * (Chosen on reading.tst: read also for targets with fewer liberties,
     * or deeper (to BACKFILL_PLY), it changes the answer of case 38.) */
    if (n == 4 && ply <= WIDE_PLY + o) {
        go_point nbw[32];
        int nw = go_string_neighbors(b, r->str, maxl + n, nbw, 32);
        for (int i = 0; i < nw; i++) {
            go_point al[8];
            int na = go_string_liberties(b, nbw[i], al, 8);
            int shared = 0;
            for (int k = 0; k < na; k++) shared += is_lib(libs, n, al[k]);
            if (!shared || na - shared > maxl) continue;
            for (int k = 0; k < na; k++)
                if (!is_lib(libs, n, al[k]) && libs_after(r, def, al[k], 2) >= 2) rd_cand_add(c, al[k], 4);
        }
    }
    /* Deeper, a neighbour with three liberties in a race: only its liberties
     * where my stone would capture something (safe where it would be a
     * self-atari otherwise: a capture that shortens the race). */
    if (maxl == 2 && n <= 2) {
        go_point nb[32];
        int nn3 = go_string_neighbors(b, r->str, 3, nb, 32);
        for (int i = 0; i < nn3; i++) {
            go_point al[3];
            if (go_string_liberties(b, nb[i], al, 3) != 3) continue;
            for (int k = 0; k < 3; k++)
                if (capture_size(b, def, al[k]) > 0) rd_cand_add(c, al[k], 6);
        }
    }
    for (int i = 0; i < n; i++) {
        go_point l = libs[i];
        int la = libs_after(r, def, l, 6);
        bool self_atari = la <= 1 && !capture_size(b, def, l);
        /* Liberties gained count most; off the edge is better (GNU Go's order,
         * which picks among equally good defences). */
        static const int lib_score[6] = {-5, -4, 0, 3, 5, 50};
        if (!self_atari) rd_cand_add(c, l, 20 + lib_score[la > 5 ? 5 : la] + (on_edge(b, l) ? 0 : 5));
        if (ply <= BACKFILL_PLY + o) defend_joined(r, l, ply, self_atari, can_extend, c);
        /* Second-order liberties: hanging connections, backfilling. */
        if (!self_atari && ply <= BACKFILL_PLY + o && n <= 3) {
            GO_FOR_NEIGHBORS(l, q) {
                if (go_board_at(b, q) != GO_EMPTY || is_lib(libs, n, q)) continue;
                int lq = libs_after(r, def, q, 3);
                if (lq >= 2) rd_cand_add(c, q, 2 + lq);
            }
        }
    }
    if (ply <= WIDE_PLY + o && n >= 2) gen_wide(r, def, ply, c);
    /* A single stone whose capture would be a ko: strengthen the strings around
     * the ko so that the retake is worth something (backfilling for ko). */
    if (n == 1 && go_string_size(b, r->str) == 1 && libs_after(r, r->att, libs[0], 2) == 1 &&
        ply <= BACKFILL_PLY + o) {
        GO_FOR_NEIGHBORS(libs[0], q) {
            if (go_board_at(b, q) != def || go_string_id(b, q) == go_string_id(b, r->str)) continue;
            go_point fl[5];
            int nf = go_string_liberties(b, q, fl, 5);
            if (nf > 4) continue;
            for (int k = 0; k < nf; k++)
                if (fl[k] != libs[0] && libs_after(r, def, fl[k], 3) >= 2) rd_cand_add(c, fl[k], 1);
        }
    }
}

/* After a defender pass deeper than PASS_PLY, the attacker's candidates: only
 * direct liberty moves (keeps the pass-and-fill sequences short)... */
void rd_gen_after_pass(go_reader *r, int n, const go_point *libs, cand *c) {
    const go_board *b = r->b;
    for (int i = 0; i < n; i++) rd_cand_add(c, libs[i], 1);
    /* ...and saving my strings short of liberties that share one with the
     * target: filling that liberty would be a self-atari, and the pass
     * may have been a waiting move in the race. */
    for (int i = 0; i < n; i++) {
        GO_FOR_NEIGHBORS(libs[i], q) {
            if (go_board_at(b, q) != r->att || go_string_libs(b, q) > 2) continue;
            go_point al[2];
            int na = go_string_liberties(b, q, al, 2);
            for (int k = 0; k < na; k++)
                if (al[k] != libs[i] && libs_after(r, r->att, al[k], 3) >= 3) rd_cand_add(c, al[k], 0);
        }
    }
}

/* Near the root, answers to the opponent's last move where it shortened one of
 * my strings other than the target (it may be a threat the generators ignore):
 * the stone just played if it is short of liberties itself, the points next to
 * it, the liberties of my strings it shortened. */
static void gen_answers(go_reader *r, go_color me, int ply, cand *c) {
    const go_board *b = r->b;
    /* (At the root: the last move on the board, if the opponent played it.) */
    go_point last = ply >= 1                     ? r->line[ply - 1]
        : go_board_last_color(b) == go_other(me) ? go_board_last_move(b)
                                                 : GO_PASS;
    if (last != GO_PASS && last != GO_NO_POINT && go_board_on(b, last)) {
        /* The stone just played, if it is short of liberties itself. */
        if (go_board_at(b, last) == go_other(me) && go_string_id(b, last) != go_string_id(b, r->str)) {
            go_point ol[3];
            int no = go_string_liberties(b, last, ol, 3);
            if (no <= 2)
                for (int k = 0; k < no; k++)
                    if (libs_after(r, me, ol[k], 2) >= 1) rd_cand_add(c, ol[k], no == 1 ? 30 : 2);
        }
        GO_FOR_NEIGHBORS(last, q) {
            if (go_board_at(b, q) == GO_EMPTY && ply <= LOCAL_PLY + r->depth_offset &&
                libs_after(r, me, q, 2) >= 2)
                rd_cand_add(c, q, 1);
            if (go_board_at(b, q) != me || go_string_id(b, q) == go_string_id(b, r->str)) continue;
            go_point ml[4];
            int nm = go_string_liberties(b, q, ml, 4);
            if (nm > 3) continue;
            for (int k = 0; k < nm; k++)
                if (libs_after(r, me, ml[k], 3) >= 2) rd_cand_add(c, ml[k], 2);
        }
    }
}

bool rd_gen_common(go_reader *r, go_color me, bool att_turn, bool captured, bool after_pass, int ply,
                   cand *c) {
    const go_board *b = r->b;
    if (!captured && ply - 1 <= MAX_PLY && ply <= ANSWER_PLY + r->depth_offset) gen_answers(r, me, ply, c);
    /* My previous stone, now in atari (a ko I took, say): saving it is a candidate. */
    if (!captured && ply >= 2 && ply - 2 <= MAX_PLY) {
        go_point prev = r->line[ply - 2];
        if (prev != GO_PASS && go_board_at(b, prev) == me && go_string_libs(b, prev) == 1) {
            go_point l;
            go_string_liberties(b, prev, &l, 1);
            rd_cand_add(c, l, 5);
        }
    }
    /* A ko just taken decides races near the target: retaking it (after a ko
     * threat) is always a candidate. */
    go_point ko = go_board_ko(b);
    r->ply = ply;
    if (ko != GO_NO_POINT && !captured && !after_pass && rd_may_retake(r, me, ko)) rd_cand_add(c, ko, 0);
    /* One-threat reading: the side without a threat, kept from retaking a ko
     * now, may wait (a move elsewhere) and retake later. */
    bool wait = r->strict != GO_EMPTY && me != r->strict;
    if (wait && ko != GO_NO_POINT && !captured && go_board_check_move(b, me, ko) == GO_ILLEGAL_KO)
        rd_cand_add(c, GO_PASS, -100000);
    /* Among equals: moves that won lately first, self-ataris last. */
    for (int i = 0; i < c->n; i++) {
        if (c->p[i] == GO_PASS || c->p[i] >= LAZY_CHASE) continue;
        c->score[i] += r->hist[att_turn][c->p[i]] >> 12;
        if (ply <= MAX_PLY && c->p[i] == r->killer[ply]) c->score[i] += KILLER_BONUS;
        if (ply <= 1 && !captured && libs_after(r, me, c->p[i], 2) <= 1) c->score[i] -= 2;
    }
    return wait;
}
