/* The reading table's second key (a control test). The reader's table (and its
 * ladder cache) checks each entry's 64-bit key and a 32-bit check taken from the
 * board's second hash (go_board_hash2; reading.c rd_node_key). Here the first key
 * is weakened on purpose to 16 bits, through the key_mask of one reader (a field
 * of that reader, set only here), so that false hits are common, and the same
 * questions are read three ways:
 *   - the oracle: a reader with full keys;
 *   - the old check: the weak key alone (check_mask 0, every check 0), which is
 *     what the table compared before the second key;
 *   - the new check: the weak key and the 32-bit check.
 * The old check must give wrong answers (else this control proves nothing); the
 * new one must give none. (The weak key also moves entries between buckets, which
 * may cost nodes but must not change an answer.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "go/reading_internal.h"
#include "yomi/go_board.h"
#include "yomi/go_reading.h"
#include "go_testutil.h"
#include "testutil.h"

static uint64_t rng_state = 77;
static int rnd(int n) { return (int)(yomi_splitmix64(&rng_state) % (uint64_t)n); }

/* The second hash is a position hash of its own: the same stones reached in
 * another order (or set up) give the same value, and it is not the first hash. */
static void test_hash2(void) {
    go_board *a = go_board_new(9), *b = go_board_new(9), *c = go_board_new(9);
    go_point p1 = go_pt(2, 2), p2 = go_pt(6, 6), p3 = go_pt(2, 6), p4 = go_pt(6, 2);
    go_board_play(a, GO_BLACK, p1);
    go_board_play(a, GO_WHITE, p2);
    go_board_play(a, GO_BLACK, p3);
    go_board_play(a, GO_WHITE, p4);
    go_board_play(b, GO_BLACK, p3);
    go_board_play(b, GO_WHITE, p4);
    go_board_play(b, GO_BLACK, p1);
    go_board_play(b, GO_WHITE, p2);
    go_board_setup(c, p1, GO_BLACK);
    go_board_setup(c, p3, GO_BLACK);
    go_board_setup(c, p2, GO_WHITE);
    go_board_setup(c, p4, GO_WHITE);
    CHECK(go_board_hash2(a) == go_board_hash2(b));
    CHECK(go_board_hash2(a) == go_board_hash2(c));
    CHECK(go_board_hash2(a) != 0 && go_board_hash2(a) != go_board_hash(a));
    go_board_undo(a);
    CHECK(go_board_hash2(a) != go_board_hash2(b));
    go_board_free(a);
    go_board_free(b);
    go_board_free(c);
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    test_hash2();
    yomi_limits lim = {.max_nodes = GO_READ_DEFAULT_MAX_NODES};
    go_reader *full = go_reader_new(&lim), *old = go_reader_new(&lim), *neu = go_reader_new(&lim);
    CHECK(full && old && neu);
    if (!full || !old || !neu) return t_summary("go_reading_key");
    old->key_mask = neu->key_mask = 0xffff;
    old->check_mask = 0;
    go_board *b = go_board_new(9);
    int positions = t_sanitized() ? 12 : 40;
    long asked = 0, limited = 0, old_wrong = 0, new_wrong = 0;
    for (int i = 0; i < positions; i++) {
        int size = 9;
        gt_random_position(b, size, size * size / 4 + rnd(size * size / 2), &rng_state);
        for (int row = 0; row < size; row++)
            for (int col = 0; col < size; col++) {
                go_point p = go_pt(col, row);
                go_color c = go_board_at(b, p);
                if ((c != GO_BLACK && c != GO_WHITE) || go_string_id(b, p) != p || go_string_libs(b, p) > 3)
                    continue;
                for (int def = 0; def < 2; def++) {
                    go_reader *rs[3] = {full, old, neu};
                    yomi_result v[3];
                    for (int k = 0; k < 3; k++) {
                        go_point m;
                        go_reader_forget(rs[k]);
                        v[k] = def ? go_defend(rs[k], b, p, &m) : go_attack(rs[k], b, p, &m);
                    }
                    asked++;
                    if (v[0] == YOMI_UNKNOWN || v[1] == YOMI_UNKNOWN || v[2] == YOMI_UNKNOWN) {
                        limited++;
                        continue;
                    }
                    old_wrong += v[1] != v[0];
                    if (v[2] != v[0]) {
                        char s[8];
                        go_vertex_format(b, p, s, sizeof s);
                        CHECK_MSG(false,
                                  "position %d: %s %s: %d with full keys, %d with the weak key and check", i,
                                  def ? "defend" : "attack", s, (int)v[0], (int)v[2]);
                        go_board_print(b, stderr);
                        new_wrong++;
                    }
                }
            }
    }
    printf("16-bit key: %ld questions (%ld stopped by the node limit): %ld wrong answers with the key alone, "
           "%ld with the key and the 32-bit check\n",
           asked, limited, old_wrong, new_wrong);
    CHECK_MSG(asked >= 20 * positions, "only %ld questions", asked);
    CHECK_MSG(limited * 20 <= asked, "%ld of %ld questions stopped by the limit", limited, asked);
    /* The control: the weak key alone does give wrong answers. */
    CHECK_MSG(old_wrong >= (t_sanitized() ? 1 : 5), "the weak key alone gave only %ld wrong answers",
              old_wrong);
    CHECK_EQ_INT(new_wrong, 0);
    go_board_free(b);
    go_reader_free(full);
    go_reader_free(old);
    go_reader_free(neu);
    return t_summary("go_reading_key");
}
