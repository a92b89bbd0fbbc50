#include "go/genmove.h"

#include "core/hash.h"

bool go_is_true_eye(const go_board *b, go_color c, go_point p) {
    if (go_board_at(b, p) != GO_EMPTY) return false;
    bool edge = false;
    GO_FOR_NEIGHBORS(p, n) {
        go_color x = go_board_at(b, n);
        if (x == GO_BORDER)
            edge = true;
        else if (x != c)
            return false;
    }
    /* An eye on the edge is false with one enemy diagonal, in the centre with two. */
    static const int diag[4] = {-GO_STRIDE - 1, -GO_STRIDE + 1, GO_STRIDE - 1, GO_STRIDE + 1};
    int enemy = 0;
    for (int i = 0; i < 4; i++)
        if (go_board_at(b, p + diag[i]) == go_other(c)) enemy++;
    return enemy < (edge ? 1 : 2);
}

static int edge_distance(int col, int row, int n) {
    int d = col;
    if (row < d) d = row;
    if (n - 1 - col < d) d = n - 1 - col;
    if (n - 1 - row < d) d = n - 1 - row;
    return d;
}

static int iabs(int x) { return x < 0 ? -x : x; }

/* Score of playing c at p, or -1 when the move must not be played. */
static long move_score(const go_board *b, go_color c, go_point p, go_point last) {
    if (go_is_true_eye(b, c, p)) return -1;
    if (!go_board_is_legal(b, c, p)) return -1;
    int libs = go_board_libs_after(b, c, p, 4);
    long captured = 0, saved = 0, ataris = 0;
    go_point seen[4];
    int nseen = 0;
    GO_FOR_NEIGHBORS(p, n) {
        go_color x = go_board_at(b, n);
        if (x != GO_BLACK && x != GO_WHITE) continue;
        go_point id = go_string_id(b, n);
        bool dup = false;
        for (int i = 0; i < nseen; i++) dup |= seen[i] == id;
        if (dup) continue;
        seen[nseen++] = id;
        int sl = go_string_libs(b, id);
        int sz = go_string_size(b, id);
        if (x == c) {
            if (sl == 1 && libs >= 2) saved += sz;
        } else {
            if (sl == 1)
                captured += sz;
            else if (sl == 2 && libs >= 2)
                ataris += sz;
        }
    }
    /* Self-atari that captures nothing just gives stones away. */
    if (libs <= 1 && captured == 0) return -1;
    int n = go_board_size(b);
    int col = go_col(p), row = go_row(p);
    int d = edge_distance(col, row, n);
    long s = 100000 * captured + 80000 * saved + 200 * ataris;
    if (n >= 9)
        s += d == 2 || d == 3 ? 300 : d == 0 ? 0 : d == 1 ? 100 : 200;
    else
        s += d == 0 ? 0 : 200;
    if (last != GO_NO_POINT && last != GO_PASS) {
        int md = iabs(go_col(last) - col) + iabs(go_row(last) - row);
        if (md <= 3) s += 60 * (4 - md);
    }
    return s;
}

go_point go_genmove(const go_board *b, go_color c, uint64_t seed) {
    uint64_t state = go_board_hash(b) ^ seed ^ ((uint64_t)c << 40);
    go_point last = go_board_last_move(b);
    go_point best = GO_PASS;
    long best_score = -1;
    GO_FOR_POINTS(b, p) {
        if (go_board_at(b, p) != GO_EMPTY) continue;
        long s = move_score(b, c, p, last);
        if (s < 0) continue;
        s = s * 64 + (long)(yomi_splitmix64(&state) & 63);
        if (s > best_score) {
            best_score = s;
            best = p;
        }
    }
    return best;
}
