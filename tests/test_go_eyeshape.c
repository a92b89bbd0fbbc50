/* Eye shapes: the exact eye-space solver (go_es_solve, go_es_classify) against an
 * independent brute force on real boards.
 *
 * Every polyomino region up to 7 points (enumerated here, counts checked against the
 * known 1, 1, 2, 5, 12, 35, 108) is placed in the open, on the edge and in the corner,
 * walled by one black string whose only other liberties are k outer points, inside a
 * white group with two eyes. The oracle explores every reachable position of that
 * board with go_board_play/undo (moves in the region, on the outer points, passes; a
 * master's ko retake is played after a pass of its own), and solves the game by plain
 * fixed-point iteration; the library solves its abstract copy of the region by its
 * own rules code and a retrograde work queue. For every start position (the empty
 * region and white stones inside it; black stones too for small regions), both sides
 * to move, the winner and the set of winning first moves must agree.
 * A hand-written table of classic shapes (from Go knowledge, not from either solver)
 * checks the named results: straight and bent three, square and pyramid four,
 * bulky and flower five, rabbity six, the alive fours and the rectangular six.
 * argv[2] = "full" runs sizes up to 6 in every placement with both outer-liberty
 * counts and both ko masters, and size 7 in the open (measured 2026-11-24: 1213
 * placements, 390672 start positions x side, winners and winning-move sets all agree;
 * 388138 go_life_status answers, 4282 go_is_seki claims, all confirmed; about 10 min
 * of one core). */
#include "go/eyes.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

/* ---- Polyominoes ---- */

#define MAXN 7
typedef struct {
    int n;
    int x[MAXN], y[MAXN];
} shape;

static uint64_t shape_bits(const shape *s) {
    int mx = 99, my = 99;
    for (int i = 0; i < s->n; i++) {
        if (s->x[i] < mx) mx = s->x[i];
        if (s->y[i] < my) my = s->y[i];
    }
    uint64_t b = 0;
    for (int i = 0; i < s->n; i++) b |= 1ULL << ((s->y[i] - my) * 8 + (s->x[i] - mx));
    return b;
}

static shape from_bits(uint64_t b) {
    shape s = {0};
    for (int i = 0; i < 64; i++)
        if (b >> i & 1) {
            s.x[s.n] = i % 8;
            s.y[s.n++] = i / 8;
        }
    return s;
}

static shape transform(const shape *s, int t) {
    shape o = *s;
    for (int i = 0; i < s->n; i++) {
        int x = s->x[i], y = s->y[i];
        if (t & 1) x = -x;
        if (t & 2) y = -y;
        if (t & 4) {
            int z = x;
            x = y;
            y = z;
        }
        o.x[i] = x;
        o.y[i] = y;
    }
    return o;
}

static uint64_t canon(const shape *s) {
    uint64_t best = ~0ULL;
    for (int t = 0; t < 8; t++) {
        shape o = transform(s, t);
        uint64_t b = shape_bits(&o);
        if (b < best) best = b;
    }
    return best;
}

static uint64_t polys[MAXN + 1][200];
static int npolys[MAXN + 1];

static void enumerate_polys(void) {
    npolys[1] = 1;
    polys[1][0] = 1;
    for (int n = 2; n <= MAXN; n++) {
        for (int i = 0; i < npolys[n - 1]; i++) {
            shape s = from_bits(polys[n - 1][i]);
            for (int c = 0; c < s.n; c++)
                for (int d = 0; d < 4; d++) {
                    int nx = s.x[c] + (d == 0) - (d == 1), ny = s.y[c] + (d == 2) - (d == 3);
                    bool dup = false;
                    for (int k = 0; k < s.n; k++) dup |= s.x[k] == nx && s.y[k] == ny;
                    if (dup) continue;
                    shape t = s;
                    t.x[t.n] = nx;
                    t.y[t.n++] = ny;
                    uint64_t cb = canon(&t);
                    bool seen = false;
                    for (int k = 0; k < npolys[n]; k++) seen |= polys[n][k] == cb;
                    if (!seen && npolys[n] < 200) polys[n][npolys[n]++] = cb;
                }
        }
    }
}

/* ---- Placement on a real board ---- */

typedef struct {
    int size;
    go_point region[MAXN];
    int n;
    go_point outer[2];
    int k;
    go_point wall; /* a wall stone */
    go_board *base;
} placement;

enum { R_ = 1, W_ = 2, A_ = 3, EYE_ = 4, OUT_ = 5 };

/* Builds the board: black wall around the region, white elsewhere with two eyes, k
 * outer liberties of the wall. Returns false when the wall is not one string (the
 * region has a hole or splits the edge); fails the test on a construction error. */
static bool place(const shape *s, int ox, int oy, int size, int k, placement *pl) {
    uint8_t role[GO_MAX_POINTS];
    memset(role, 0, sizeof role);
    memset(pl, 0, sizeof *pl);
    pl->size = size;
    pl->n = s->n;
    pl->k = k;
    for (int i = 0; i < s->n; i++) {
        int x = s->x[i] + ox, y = s->y[i] + oy;
        if (x < 0 || y < 0 || x >= size || y >= size) return false;
        pl->region[i] = go_pt(x, y);
        role[pl->region[i]] = R_;
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_pt(x, y);
            if (role[p]) continue;
            bool near = false;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int X = x + dx, Y = y + dy;
                    if (X >= 0 && Y >= 0 && X < size && Y < size && role[go_pt(X, Y)] == R_) near = true;
                }
            role[p] = near ? W_ : A_;
        }
    /* The wall must be one string. */
    go_point st[GO_MAX_POINTS];
    uint8_t seen[GO_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    int nw = 0, nseen = 0, sp = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (role[go_pt(x, y)] == W_) {
                nw++;
                if (!sp && !nseen) {
                    st[sp++] = go_pt(x, y);
                    seen[go_pt(x, y)] = 1;
                    nseen = 1;
                    pl->wall = go_pt(x, y);
                }
            }
    static const int dirs[4] = {-1, 1, -GO_STRIDE, GO_STRIDE};
    while (sp) {
        go_point q = st[--sp];
        for (int d = 0; d < 4; d++) {
            go_point n = q + dirs[d];
            if (role[n] == W_ && !seen[n]) {
                seen[n] = 1;
                nseen++;
                st[sp++] = n;
            }
        }
    }
    if (nseen != nw) return false;
    /* Two white eyes far from the wall, then k outer liberties. */
    int neyes = 0;
    for (int y = size - 1; y >= 0 && neyes < 2; y--)
        for (int x = size - 1; x >= 0 && neyes < 2; x--) {
            go_point p = go_pt(x, y);
            if (role[p] != A_) continue;
            bool ok = true;
            for (int d = 0; d < 4; d++) {
                go_point n = p + dirs[d];
                if (n < 0 || n >= GO_MAX_POINTS) continue;
                int X = go_col(n), Y = go_row(n);
                if (X < 0 || Y < 0 || X >= size || Y >= size) continue;
                if (role[n] != A_) ok = false;
                for (int d2 = 0; d2 < 4; d2++) {
                    go_point m = n + dirs[d2];
                    if (m >= 0 && m < GO_MAX_POINTS && role[m] == W_) ok = false;
                }
            }
            if (ok) {
                role[p] = EYE_;
                neyes++;
            }
        }
    int nout = 0;
    for (int y = 0; y < size && nout < k; y++)
        for (int x = 0; x < size && nout < k; x++) {
            go_point p = go_pt(x, y);
            if (role[p] != A_) continue;
            bool touches_wall = false, ok = true;
            int white = 0;
            for (int d = 0; d < 4; d++) {
                go_point n = p + dirs[d];
                int X = go_col(n), Y = go_row(n);
                if (X < 0 || Y < 0 || X >= size || Y >= size) continue;
                if (role[n] == W_) touches_wall = true;
                if (role[n] == A_) white++;
                if (role[n] == EYE_ || role[n] == OUT_) ok = false;
            }
            if (touches_wall && ok && white >= 2) {
                role[p] = OUT_;
                pl->outer[nout++] = p;
            }
        }
    /* The white stones must be one string (flood check), then set up. */
    int na = 0, nas = 0;
    memset(seen, 0, sizeof seen);
    sp = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (role[go_pt(x, y)] == A_) {
                na++;
                if (!sp && !nas) {
                    st[sp++] = go_pt(x, y);
                    seen[go_pt(x, y)] = 1;
                    nas = 1;
                }
            }
    while (sp) {
        go_point q = st[--sp];
        for (int d = 0; d < 4; d++) {
            go_point n = q + dirs[d];
            if (n >= 0 && n < GO_MAX_POINTS && role[n] == A_ && !seen[n]) {
                seen[n] = 1;
                nas++;
                st[sp++] = n;
            }
        }
    }
    /* A white point shut in by the wall and the edge would be a separate string: such
     * placements are skipped like a split wall. */
    if (nas != na) return false;
    CHECK_MSG(neyes == 2 && nout == k, "placement construction (eyes %d, outer %d/%d)", neyes, nout, k);
    if (neyes != 2 || nout != k) return false;
    go_board *b = go_board_new(size);
    bool ok = true;
    for (int pass = 0; pass < 3; pass++)
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                go_point p = go_pt(x, y);
                go_color want = role[p] == W_ ? GO_BLACK : role[p] == A_ ? GO_WHITE : GO_EMPTY;
                if (go_board_at(b, p) != want) go_board_setup(b, p, want);
            }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_pt(x, y);
            go_color want = role[p] == W_ ? GO_BLACK : role[p] == A_ ? GO_WHITE : GO_EMPTY;
            if (go_board_at(b, p) != want) ok = false;
        }
    CHECK_MSG(ok, "placement set-up");
    if (!ok) {
        go_board_free(b);
        return false;
    }
    pl->base = b;
    return true;
}

/* ---- The oracle: every reachable position of the real board ---- */

#define ONODES (1 << 20)
#define O_AWIN (-1)
#define O_DWIN (-2)

typedef struct {
    uint32_t key;
    int parent;
    int16_t pmove; /* board point, GO_PASS, or -(point) for a master's retake */
    uint8_t clean; /* no white stone in the region and the wall Benson-alive */
    int first, nedges;
} onode;

typedef struct {
    const placement *pl;
    int master; /* GO_KO_MASTER_* */
    onode *nodes;
    int n;
    int *hkey; /* hash slots -> node, -1 empty */
    uint32_t hcap;
    int *edge;
    go_point *emove;
    int nedges, edgecap;
    uint8_t *awin;
    uint8_t *clean;
} oracle;

static int o_npts(const placement *pl) { return pl->n + pl->k; }
static go_point o_pt(const placement *pl, int i) { return i < pl->n ? pl->region[i] : pl->outer[i - pl->n]; }

/* Exact key: every region and outer point's colour, the ko point (as a region index),
 * the side to move (1 = black, the defender) and the pass flag. */
static uint32_t o_key(const go_board *b, const placement *pl, go_color side, int passed) {
    uint32_t k = 0;
    for (int i = 0; i < o_npts(pl); i++) k |= (uint32_t)go_board_at(b, o_pt(pl, i)) << (2 * i);
    int ko = 15;
    go_point kp = go_board_ko(b);
    for (int i = 0; i < pl->n; i++)
        if (kp == pl->region[i]) ko = i;
    k |= (uint32_t)ko << 18;
    k |= (uint32_t)(side == GO_BLACK) << 22;
    k |= (uint32_t)passed << 23;
    return k;
}

static int o_find(oracle *o, uint32_t key, bool add, int parent, int pmove) {
    uint32_t h = (key * 2654435761u) & (o->hcap - 1);
    while (o->hkey[h] >= 0) {
        if (o->nodes[o->hkey[h]].key == key) return o->hkey[h];
        h = (h + 1) & (o->hcap - 1);
    }
    if (!add || o->n >= ONODES) return -1;
    o->hkey[h] = o->n;
    o->nodes[o->n] = (onode){key, parent, (int16_t)pmove, 0, 0, 0};
    return o->n++;
}

/* Plays the path from the root to node v; returns the number of board moves made. */
static int o_replay(oracle *o, go_board *b, int v) {
    int path[4096], np = 0;
    for (int u = v; o->nodes[u].parent >= 0; u = o->nodes[u].parent) path[np++] = u;
    int made = 0;
    for (int i = np - 1; i >= 0; i--) {
        const onode *u = &o->nodes[path[i]];
        go_color side = (o->nodes[u->parent].key >> 22 & 1) ? GO_BLACK : GO_WHITE;
        int m = u->pmove;
        if (m < 0) {
            go_board_play(b, side, GO_PASS);
            made++;
            m = -m;
        }
        int r = go_board_play(b, side, m);
        CHECK_MSG(r == GO_OK, "oracle replay");
        made++;
    }
    return made;
}

static void o_add_edge(oracle *o, int to, go_point m) {
    if (o->nedges == o->edgecap) {
        o->edgecap = o->edgecap ? o->edgecap * 2 : 4096;
        o->edge = realloc(o->edge, (size_t)o->edgecap * sizeof *o->edge);
        o->emove = realloc(o->emove, (size_t)o->edgecap * sizeof *o->emove);
    }
    o->edge[o->nedges] = to;
    o->emove[o->nedges++] = m;
}

/* Explores from the root whose contents are on `root` (a set-up board, no history). */
static int o_explore(oracle *o, go_board *b, go_color side) {
    int start = o->n;
    int root = o_find(o, o_key(b, o->pl, side, 0), true, -1, 0);
    if (root < start) return root; /* known already */
    for (int v = root; v < o->n; v++) {
        int made = o_replay(o, b, v);
        uint32_t key = o->nodes[v].key;
        go_color me = (key >> 22 & 1) ? GO_BLACK : GO_WHITE;
        int passed = (int)(key >> 23 & 1);
        o->nodes[v].first = o->nedges;
        bool no_white = true;
        for (int i = 0; i < o->pl->n; i++) no_white &= go_board_at(b, o->pl->region[i]) != GO_WHITE;
        o->nodes[v].clean = no_white && go_benson_alive(b, o->pl->wall);
        /* Pass. */
        if (passed) {
            o_add_edge(o, O_DWIN, GO_PASS);
        } else {
            go_board_play(b, me, GO_PASS);
            int to = o_find(o, o_key(b, o->pl, go_other(me), 1), true, v, GO_PASS);
            go_board_undo(b);
            o_add_edge(o, to, GO_PASS);
        }
        bool master = o->master == (me == GO_BLACK ? GO_KO_MASTER_DEFENDER : GO_KO_MASTER_ATTACKER);
        for (int i = 0; i < o_npts(o->pl); i++) {
            go_point p = o_pt(o->pl, i);
            int r = go_board_play(b, me, p), extra = 0;
            if (r == GO_ILLEGAL_KO && master) {
                go_board_play(b, me, GO_PASS);
                r = go_board_play(b, me, p);
                extra = 1;
                if (r != GO_OK) go_board_undo(b);
            }
            if (r != GO_OK) continue;
            int to;
            if (go_board_at(b, o->pl->wall) != GO_BLACK)
                to = O_AWIN;
            else
                to = o_find(o, o_key(b, o->pl, go_other(me), 0), true, v, extra ? -p : p);
            go_board_undo(b);
            if (extra) go_board_undo(b);
            o_add_edge(o, to, p);
        }
        o->nodes[v].nedges = o->nedges - o->nodes[v].first;
        for (int i = 0; i < made; i++) go_board_undo(b);
        if (o->n >= ONODES) return -1;
    }
    return root;
}

/* Plain fixed point: white (the attacker) wins at a white node with one winning
 * successor, at a black node when every successor is won. */
static void o_solve(oracle *o) {
    o->awin = calloc(o->n > 0 ? (size_t)o->n : 1, 1);
    for (bool changed = true; changed;) {
        changed = false;
        for (int v = 0; v < o->n; v++) {
            if (o->awin[v]) continue;
            bool white = !(o->nodes[v].key >> 22 & 1);
            bool any = false, all = true;
            for (int e = o->nodes[v].first; e < o->nodes[v].first + o->nodes[v].nedges; e++) {
                int to = o->edge[e];
                bool w = to == O_AWIN || (to >= 0 && o->awin[to]);
                any |= w;
                all &= w;
            }
            if (white ? any : all) {
                o->awin[v] = 1;
                changed = true;
            }
        }
    }
}

/* Clean life: black forces a clean node (plain fixed point; terminal edges count
 * against black). */
static void o_solve_clean(oracle *o) {
    o->clean = calloc(o->n > 0 ? (size_t)o->n : 1, 1);
    for (int v = 0; v < o->n; v++) o->clean[v] = o->nodes[v].clean;
    for (bool changed = true; changed;) {
        changed = false;
        for (int v = 0; v < o->n; v++) {
            if (o->clean[v]) continue;
            bool black = o->nodes[v].key >> 22 & 1;
            bool any = false, all = true;
            for (int e = o->nodes[v].first; e < o->nodes[v].first + o->nodes[v].nedges; e++) {
                int to = o->edge[e];
                bool w = to >= 0 && o->clean[to];
                any |= w;
                all &= w;
            }
            if (black ? any : all) {
                o->clean[v] = 1;
                changed = true;
            }
        }
    }
}

static void o_init(oracle *o, const placement *pl, int master) {
    memset(o, 0, sizeof *o);
    o->pl = pl;
    o->master = master;
    o->nodes = malloc(ONODES * sizeof *o->nodes);
    o->hcap = 1u << 21;
    o->hkey = malloc(o->hcap * sizeof *o->hkey);
    memset(o->hkey, -1, o->hcap * sizeof *o->hkey);
}

static void o_free(oracle *o) {
    free(o->nodes);
    free(o->hkey);
    free(o->edge);
    free(o->emove);
    free(o->awin);
    free(o->clean);
}

/* ---- Comparison ---- */

static long n_seki_claims, n_clean, n_seki, n_life_definite, n_life_ko, n_monotone, n_ko_nodes, n_roots,
    n_agree, n_moves_agree, n_placements, n_skipped, n_oracle_nodes, n_lib_states, n_life_max_answers;

/* The region of the library, taken from the board by go_es_from_board. False when
 * black stones joined to the wall split the region or fill it (the root is skipped:
 * the library would see a smaller region). */
static long n_split;
static bool lib_region(const go_board *b, const placement *pl, go_color to_move, go_es_region *r,
                       go_point *pts) {
    go_point wall = go_string_id(b, pl->wall);
    int free_pts = 0;
    go_point start = GO_NO_POINT;
    for (int i = 0; i < pl->n; i++) {
        go_point p = pl->region[i];
        if (go_board_at(b, p) == GO_BLACK && go_string_id(b, p) == wall) continue;
        free_pts++;
        if (start == GO_NO_POINT) start = p;
    }
    if (start == GO_NO_POINT) return false;
    bool ok = go_es_from_board(b, pl->wall, start, to_move, r, pts);
    CHECK_MSG(ok, "go_es_from_board failed");
    return ok && r->n == free_pts;
}

/* Debug: walks down from a node where oracle and library disagree to the first node
 * whose successors all agree, and prints it. */
static void debug_descend(oracle *o, go_board *b, const placement *pl, go_color side, int master, int depth) {
    int v = o_find(o, o_key(b, pl, side, 0), false, -1, 0);
    go_es_region r;
    go_point pts[GO_ES_MAX];
    if (v < 0 || !lib_region(b, pl, side, &r, pts)) {
        fprintf(stderr, "depth %d: node missing or split\n", depth);
        return;
    }
    go_es_result res;
    go_es_solve(&r, side == GO_BLACK, master, &res);
    fprintf(stderr, "depth %d: %s to move, oracle %s, library %s\n", depth, side == GO_BLACK ? "B" : "W",
            o->awin[v] ? "W" : "B", res.defender_wins ? "B" : "W");
    go_board_print(b, stderr);
    bool is_master = master == (side == GO_BLACK ? GO_KO_MASTER_DEFENDER : GO_KO_MASTER_ATTACKER);
    for (int e = o->nodes[v].first; e < o->nodes[v].first + o->nodes[v].nedges; e++) {
        go_point m = o->emove[e];
        int to = o->edge[e];
        char vb[8];
        go_vertex_format(b, m, vb, sizeof vb);
        if (m == GO_PASS || to < 0) {
            fprintf(stderr, "  move %s -> %s\n", vb,
                    to == O_AWIN       ? "captured"
                        : to == O_DWIN ? "end"
                        : o->awin[to]  ? "W"
                                       : "B");
            continue;
        }
        int extra = 0;
        int rr = go_board_play(b, side, m);
        if (rr == GO_ILLEGAL_KO && is_master) {
            go_board_play(b, side, GO_PASS);
            go_board_play(b, side, m);
            extra = 1;
        }
        go_es_region r2;
        go_point p2[GO_ES_MAX];
        go_es_result res2 = {0};
        bool ok = lib_region(b, pl, go_other(side), &r2, p2) &&
            go_es_solve(&r2, go_other(side) == GO_BLACK, master, &res2);
        bool ow = o->awin[to];
        fprintf(stderr, "  move %s -> oracle %s library %s\n", vb, ow ? "W" : "B",
                !ok                      ? "?"
                    : res2.defender_wins ? "B"
                                         : "W");
        if (ok && ow == res2.defender_wins && depth < 30) {
            debug_descend(o, b, pl, go_other(side), master, depth + 1);
            go_board_undo(b);
            if (extra) go_board_undo(b);
            return;
        }
        go_board_undo(b);
        if (extra) go_board_undo(b);
    }
}

/* Compares one root (the board holds its contents) for both sides to move. */
static void compare_root(oracle *o, go_board *b, const placement *pl, int master, const char *what) {
    for (int s = 0; s < 2; s++) {
        go_color side = s ? GO_BLACK : GO_WHITE;
        int v = o_find(o, o_key(b, pl, side, 0), false, -1, 0);
        CHECK_MSG(v >= 0, "oracle root missing (%s)", what);
        if (v < 0) continue;
        bool o_def = !o->awin[v];
        /* Oracle's winning moves, as board points (outer points folded into one). */
        uint16_t dummy = 0;
        (void)dummy;
        go_point wins[GO_ES_MAX + 4];
        int nw = 0;
        bool outer_win = false, outer_lose = false;
        for (int e = o->nodes[v].first; e < o->nodes[v].first + o->nodes[v].nedges; e++) {
            int to = o->edge[e];
            bool awin = to == O_AWIN || (to >= 0 && o->awin[to]);
            bool good = side == GO_BLACK ? !awin : awin;
            bool is_outer = false;
            for (int i = 0; i < pl->k; i++) is_outer |= o->emove[e] == pl->outer[i];
            if (is_outer) {
                if (good)
                    outer_win = true;
                else
                    outer_lose = true;
            } else if (good) {
                wins[nw++] = o->emove[e];
            }
        }
        CHECK_MSG(!(outer_win && outer_lose), "outer points differ (%s)", what);
        go_es_region r;
        go_point pts[GO_ES_MAX];
        if (!lib_region(b, pl, side, &r, pts)) {
            n_split++;
            continue;
        }
        CHECK_EQ_INT(r.outer, pl->k);
        go_es_result res;
        bool ok = go_es_solve(&r, side == GO_BLACK, master, &res);
        CHECK_MSG(ok, "go_es_solve failed (%s)", what);
        if (!ok) continue;
        n_roots++;
        n_lib_states += res.states;
        bool same = res.defender_wins == o_def;
        CHECK_MSG(same, "winner differs (%s, %s to move, master %d): oracle %s, library %s", what,
                  side == GO_BLACK ? "defender" : "attacker", master, o_def ? "defender" : "attacker",
                  res.defender_wins ? "defender" : "attacker");
        if (!same && getenv("EYES_DEBUG")) debug_descend(o, b, pl, side, master, 0);
        if (!same && getenv("EYES_DEBUG")) {
            go_board_print(b, stderr);
            for (int i = 0; i < r.n; i++)
                fprintf(stderr, "pt %d: %d,%d content %d wall %d adj %x\n", i, go_col(pts[i]), go_row(pts[i]),
                        r.content[i], r.wall >> i & 1, r.adj[i]);
        }
        if (!same) continue;
        n_agree++;
        CHECK_MSG(res.clean_life == (o->clean[v] != 0),
                  "clean life differs (%s, %s to move, master %d): oracle %d", what,
                  side == GO_BLACK ? "defender" : "attacker", master, o->clean[v]);
        n_clean += o->clean[v] != 0;
        n_seki += o_def && !o->clean[v];
        /* go_is_seki on the wall and a white stone in the region: a claim needs this
         * master's oracle to say the wall survives and cannot clean up, either side to
         * move. */
        if (s == 0) {
            go_point white = GO_NO_POINT;
            for (int i = 0; i < pl->n && white == GO_NO_POINT; i++)
                if (go_board_at(b, pl->region[i]) == GO_WHITE) white = pl->region[i];
            if (white != GO_NO_POINT && go_is_seki(b, pl->wall, white)) {
                int vb = o_find(o, o_key(b, pl, GO_BLACK, 0), false, -1, 0);
                bool confirmed = vb >= 0 && o_def && !o->clean[v] && !o->awin[vb] && !o->clean[vb];
                CHECK_MSG(confirmed, "go_is_seki claims a seki the oracle refutes (%s)", what);
                n_seki_claims++;
            }
        }
        /* One more outer liberty never hurts the defender (what go_life_status's
         * proofs of life with capped outer liberties rely on). */
        if (res.defender_wins && r.outer < GO_ES_OUTER_MAX) {
            go_es_region r1 = r;
            r1.outer++;
            go_es_result res1;
            CHECK(go_es_solve(&r1, side == GO_BLACK, master, &res1));
            CHECK_MSG(res1.defender_wins, "outer liberty hurts the defender (%s)", what);
            n_monotone++;
        }
        /* Library's winning moves as board points. */
        bool lib_outer = res.winning >> GO_ES_OUTER_MOVE & 1;
        int nl = 0;
        bool moves_same = true;
        for (int i = 0; i < r.n; i++)
            if (res.winning >> i & 1) {
                nl++;
                bool found = false;
                for (int j = 0; j < nw; j++) found |= wins[j] == pts[i];
                moves_same &= found;
            }
        if (res.winning >> GO_ES_PASS_MOVE & 1) {
            nl++;
            bool found = false;
            for (int j = 0; j < nw; j++) found |= wins[j] == GO_PASS;
            moves_same &= found;
        }
        moves_same &= nl == nw && lib_outer == outer_win;
        CHECK_MSG(moves_same, "winning moves differ (%s, %s to move, master %d): oracle %d%s, library %d%s",
                  what, side == GO_BLACK ? "defender" : "attacker", master, nw, outer_win ? "+outer" : "", nl,
                  lib_outer ? "+outer" : "");
        n_moves_agree += moves_same;
        /* The whole board pipeline: go_life_status must agree whenever it answers, and
         * answer whenever the winner does not depend on ko (here: this master's winner
         * equals the solver's under the other master). */
        int life = go_life_status(b, pl->wall, side, NULL, NULL);
        if (life == GO_LIFE_ALIVE) CHECK_MSG(o_def, "go_life_status ALIVE, oracle says captured (%s)", what);
        if (life == GO_LIFE_DEAD) CHECK_MSG(!o_def, "go_life_status DEAD, oracle says survives (%s)", what);
        /* The search's smaller variant (spaces of at most k points): a restriction,
         * so it must agree with the oracle whenever it answers. */
        for (int k = 1; k < GO_ES_MAX; k++) {
            int lk = go_life_status_max(b, pl->wall, side, k, NULL, NULL);
            if (lk == GO_LIFE_ALIVE)
                CHECK_MSG(o_def, "go_life_status_max(%d) ALIVE, oracle says captured (%s)", k, what);
            if (lk == GO_LIFE_DEAD)
                CHECK_MSG(!o_def, "go_life_status_max(%d) DEAD, oracle says survives (%s)", k, what);
            n_life_max_answers += lk != GO_LIFE_UNKNOWN;
        }
        go_es_result other;
        go_es_solve(&r, side == GO_BLACK,
                    master == GO_KO_MASTER_ATTACKER ? GO_KO_MASTER_DEFENDER : GO_KO_MASTER_ATTACKER, &other);
        /* Being ko master never hurts (solve_both answers from one master on this):
         * surviving with the attacker as master, the defender survives as master. */
        if (master == GO_KO_MASTER_ATTACKER && o_def)
            CHECK_MSG(other.defender_wins, "defender master loses what attacker master survives (%s)", what);
        if (master == GO_KO_MASTER_DEFENDER && !o_def)
            CHECK_MSG(!other.defender_wins, "attacker master loses what defender master kills (%s)", what);
        if (other.defender_wins == o_def) {
            CHECK_MSG(life != GO_LIFE_UNKNOWN, "go_life_status UNKNOWN on a ko-free position (%s)", what);
            n_life_definite += life != GO_LIFE_UNKNOWN;
        } else {
            n_life_ko++;
        }
    }
}

/* Positions inside the oracle's graph with a ko ban (no pass pending): the library
 * started there from the board (go_es_from_board reads the ban) must give the
 * oracle's winner. At most `limit` per placement. */
static void compare_ko_nodes(oracle *o, go_board *b, const placement *pl, int master, int limit,
                             const char *what) {
    int done = 0;
    for (int v = 0; v < o->n && done < limit; v++) {
        uint32_t key = o->nodes[v].key;
        if ((key >> 18 & 15) == 15 || (key >> 23 & 1)) continue;
        /* Replay from the node's root: find the root and set it up. */
        int root = v;
        while (o->nodes[root].parent >= 0) root = o->nodes[root].parent;
        go_board_copy(b, pl->base);
        uint32_t rk = o->nodes[root].key;
        for (int i = 0; i < pl->n; i++) {
            go_color c = (go_color)(rk >> (2 * i) & 3);
            if (c != GO_EMPTY) go_board_setup(b, pl->region[i], c);
        }
        int made = o_replay(o, b, v);
        go_color side = (key >> 22 & 1) ? GO_BLACK : GO_WHITE;
        go_es_region r;
        go_point pts[GO_ES_MAX];
        if (o_key(b, pl, side, 0) == key && lib_region(b, pl, side, &r, pts)) {
            CHECK_MSG(r.ko >= 0, "ko not read from the board (%s)", what);
            go_es_result res;
            CHECK(go_es_solve(&r, side == GO_BLACK, master, &res));
            CHECK_MSG(res.defender_wins == !o->awin[v], "winner differs at a ko position (%s)", what);
            n_ko_nodes++;
            done++;
        }
        for (int i = 0; i < made; i++) go_board_undo(b);
    }
}

/* All start positions of one placement: contents over {empty, white} (and black for
 * regions of at most `black_upto` points), legal ones only. */
/* Two eye spaces (a region and a separate point): go_life_status, which solves them
 * as one game, against the oracle, for both sides to move. */
static long n_two_definite, n_two_unknown;
static void compare_life_two(oracle *o, go_board *b, const placement *pl, const char *what) {
    for (int s = 0; s < 2; s++) {
        go_color side = s ? GO_BLACK : GO_WHITE;
        int v = o_find(o, o_key(b, pl, side, 0), false, -1, 0);
        if (v < 0) continue;
        bool o_def = !o->awin[v];
        int life = go_life_status(b, pl->wall, side, NULL, NULL);
        if (life == GO_LIFE_ALIVE) CHECK_MSG(o_def, "two spaces: ALIVE but the oracle captures (%s)", what);
        if (life == GO_LIFE_DEAD) CHECK_MSG(!o_def, "two spaces: DEAD but the oracle lives (%s)", what);
        if (life == GO_LIFE_UNKNOWN)
            n_two_unknown++;
        else
            n_two_definite++;
    }
}

static void check_placement_mode(const placement *pl, int master, int black_upto, const char *what, bool two);
static void check_placement(const placement *pl, int master, int black_upto, const char *what) {
    check_placement_mode(pl, master, black_upto, what, false);
}

static void check_placement_mode(const placement *pl, int master, int black_upto, const char *what,
                                 bool two) {
    oracle o;
    o_init(&o, pl, master);
    go_board *b = go_board_new(pl->size);
    int colours = pl->n <= black_upto ? 3 : 2;
    int total = 1;
    for (int i = 0; i < pl->n; i++) total *= colours;
    /* Pass 1: explore from every legal root; pass 2: compare. */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            o_solve(&o);
            o_solve_clean(&o);
        }
        for (int code = 0; code < total; code++) {
            go_board_copy(b, pl->base);
            int c = code;
            bool legal = true;
            for (int i = 0; i < pl->n && legal; i++) {
                int v = c % colours;
                c /= colours;
                go_color col = v == 0 ? GO_EMPTY : v == 1 ? GO_WHITE : GO_BLACK;
                if (col != GO_EMPTY) legal = go_board_setup(b, pl->region[i], col);
            }
            /* A wall with black stones inside is still the same string only when they
             * are not cut off; go_es_from_board sees inner black strings as contents. */
            if (!legal) continue;
            if (pass == 0) {
                int root = o_explore(&o, b, GO_WHITE);
                if (root >= 0) root = o_explore(&o, b, GO_BLACK);
                CHECK_MSG(root >= 0, "oracle too large (%s)", what);
                if (root < 0) goto done;
            } else {
                char buf[160];
                snprintf(buf, sizeof buf, "%s, contents %d", what, code);
                if (two)
                    compare_life_two(&o, b, pl, buf);
                else
                    compare_root(&o, b, pl, master, buf);
            }
        }
    }
    if (!two) compare_ko_nodes(&o, b, pl, master, 50, what);
    n_oracle_nodes += o.n;
done:
    go_board_free(b);
    o_free(&o);
}

static void run_shapes(bool full) {
    enumerate_polys();
    static const int known[MAXN + 1] = {0, 1, 1, 2, 5, 12, 35, 108};
    for (int n = 1; n <= MAXN; n++) CHECK_EQ_INT(npolys[n], known[n]);
    bool san = t_sanitized();
    int maxn = full ? 7 : san ? 5 : 6;
    for (int n = 1; n <= maxn; n++) {
        for (int i = 0; i < npolys[n]; i++) {
            shape s = from_bits(polys[n][i]);
            uint64_t orient_seen[8];
            int nor = 0;
            for (int t = 0; t < 8; t++) {
                shape o = transform(&s, t);
                uint64_t bits = shape_bits(&o);
                bool dup = false;
                for (int j = 0; j < nor; j++) dup |= orient_seen[j] == bits;
                if (dup) continue;
                orient_seen[nor++] = bits;
                shape oo = from_bits(bits);
                /* 0: open (first orientation only), 1: top edge, 2: top-left corner. */
                for (int where = 0; where < 3; where++) {
                    if (where == 0 && t != 0) continue;
                    /* Without "full", sizes 6 (and 7) keep the open and corner cases. */
                    if (!full && n >= 6 && where == 1) continue;
                    if (n == 7 && where != 0) continue; /* size 7: the open board only */
                    int size = 13;
                    int ox = where == 0 ? 3 : where == 1 ? 3 : 0, oy = where == 0 ? 3 : 0;
                    for (int k = 0; k <= 1; k++) {
                        if (!full && n >= 5 && k != (int)((i + t) & 1)) continue;
                        placement pl;
                        if (!place(&oo, ox, oy, size, k, &pl)) {
                            n_skipped++;
                            continue;
                        }
                        n_placements++;
                        char what[96];
                        snprintf(what, sizeof what, "n=%d shape %d orient %d %s k=%d", n, i, t,
                                 where == 0       ? "open"
                                     : where == 1 ? "edge"
                                                  : "corner",
                                 k);
                        int masters = full || n <= 4 ? 2 : 1;
                        for (int m = 0; m < masters; m++) {
                            int master = masters == 2
                                ? (m ? GO_KO_MASTER_ATTACKER : GO_KO_MASTER_DEFENDER)
                                : (((i + t) & 2) ? GO_KO_MASTER_ATTACKER : GO_KO_MASTER_DEFENDER);
                            check_placement(&pl, master, full ? 5 : 4, what);
                        }
                        go_board_free(pl.base);
                    }
                }
            }
        }
    }
    printf("clean life (no attacker stone left, wall Benson-alive) agrees everywhere: %ld positions with it, "
           "%ld where the defender survives only without it (seki)\n",
           n_clean, n_seki);
    CHECK(n_seki > 10);
    printf("go_is_seki: %ld sekis claimed, each confirmed by the oracle\n", n_seki_claims);
    CHECK(n_seki_claims > 10);
    printf("ko positions compared: %ld; one more outer liberty never hurt the defender: %ld cases\n",
           n_ko_nodes, n_monotone);
    CHECK(n_ko_nodes > (t_sanitized() ? 10 : 100));
    printf(
        "go_life_status: %ld proven answers, all agreeing with the oracle; %ld ko-dependent positions left "
        "UNKNOWN\n",
        n_life_definite, n_life_ko);
    printf("go_life_status_max (spaces of 1..%d points): %ld proven answers, all agreeing with the oracle\n",
           GO_ES_MAX - 1, n_life_max_answers);
    CHECK(n_life_max_answers > 100);
    printf("shapes: %ld placements (%ld left out: wall or white not one string), %ld start positions x side, "
           "%ld winners agree, %ld winning-move sets agree (%ld split by joined stones, not compared); "
           "oracle nodes %ld, library states %ld\n",
           n_placements, n_skipped, n_roots, n_agree, n_moves_agree, n_split, n_oracle_nodes, n_lib_states);
    CHECK(n_roots > 1000);
    CHECK_EQ_INT(n_agree, n_roots);
    CHECK_EQ_INT(n_moves_agree, n_roots);
}

/* Every polyomino up to 4 points (5 with "full") in the open with a one-point eye two
 * columns to its right, inside one wall; contents over {empty, white}, both masters. */
static void run_two(bool full) {
    int maxn = full ? 5 : t_sanitized() ? 3 : 4;
    long placements = 0;
    for (int n = 1; n <= maxn; n++)
        for (int i = 0; i < npolys[n]; i++) {
            shape s = from_bits(polys[n][i]);
            int xmax = 0;
            for (int j = 0; j < s.n; j++)
                if (s.x[j] > xmax) xmax = s.x[j];
            s.x[s.n] = xmax + 2;
            s.y[s.n++] = 0;
            for (int k = 0; k <= 1; k++) {
                placement pl;
                if (!place(&s, 3, 3, 13, k, &pl)) continue;
                placements++;
                char what[96];
                snprintf(what, sizeof what, "two spaces: n=%d shape %d k=%d", n, i, k);
                for (int m = 0; m < 2; m++)
                    check_placement_mode(&pl, m ? GO_KO_MASTER_ATTACKER : GO_KO_MASTER_DEFENDER, 0, what,
                                         true);
                go_board_free(pl.base);
            }
        }
    printf("two eye spaces: %ld placements, %ld proven go_life_status answers agree with the oracle, %ld "
           "UNKNOWN\n",
           placements, n_two_definite, n_two_unknown);
    CHECK(n_two_definite > 100);
}

/* ---- Classic shapes, from Go knowledge ----
 * A picture: '#' the wall, '.' an empty point of the region, '*' the vital point (an
 * empty point), 'o' an attacker stone, 'x' a defender stone; the region touches the
 * edge where it reaches the picture's border without a '#'. */
typedef struct {
    const char *name;
    const char *pic;
    int status; /* for every outer-liberty count tried */
    bool unique_kill; /* UNSETTLED: the attacker's only killing move is '*' */
    bool unique_live; /* UNSETTLED: the defender's only living move is '*' */
} classic;

static go_point picture_pts[GO_ES_MAX];

static bool region_from_picture(const char *pic, go_es_region *r, uint16_t *vital) {
    char g[8][16];
    int h = 0, w = 0;
    memset(g, ' ', sizeof g);
    for (const char *s = pic; *s && h < 8; h++) {
        int x = 0;
        while (*s && *s != '\n') {
            if (x < 16) g[h][x++] = *s;
            s++;
        }
        if (x > w) w = x;
        if (*s) s++;
    }
    int idx[8][16];
    memset(r, 0, sizeof *r);
    r->ko = -1;
    *vital = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            idx[y][x] = -1;
            char ch = g[y][x];
            if (ch == '.' || ch == '*' || ch == 'o' || ch == 'x') {
                if (r->n == GO_ES_MAX) return false;
                if (ch == '*') *vital |= (uint16_t)(1u << r->n);
                picture_pts[r->n] = go_pt(x, y);
                r->content[r->n] = ch == 'o' ? 2 : ch == 'x' ? 1 : 0;
                idx[y][x] = r->n++;
            }
        }
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (idx[y][x] < 0) continue;
            for (int d = 0; d < 4; d++) {
                int X = x + dx[d], Y = y + dy[d];
                if (X < 0 || Y < 0 || X >= w || Y >= h) continue;
                if (g[Y][X] == '#')
                    r->wall |= (uint16_t)(1u << idx[y][x]);
                else if (idx[Y][X] >= 0)
                    r->adj[idx[y][x]] |= (uint16_t)(1u << idx[Y][X]);
            }
        }
    return true;
}

static void test_classics(void) {
    static const classic shapes[] = {
        {"one point", "###\n#.#\n###", GO_SHAPE_DEAD, false, false},
        {"two points", "####\n#..#\n####", GO_SHAPE_DEAD, false, false},
        {"straight three", "#####\n#.*.#\n#####", GO_SHAPE_UNSETTLED, true, true},
        {"bent three", "####\n#.*#\n##.#\n####", GO_SHAPE_UNSETTLED, true, true},
        {"straight three in the corner", ".*.#\n####", GO_SHAPE_UNSETTLED, true, true},
        {"bent three in the corner", "*.#\n.##\n##", GO_SHAPE_UNSETTLED, true, true},
        {"square four", "####\n#..#\n#..#\n####", GO_SHAPE_DEAD, false, false},
        {"pyramid four", "#####\n#.*.#\n##.##\n#####", GO_SHAPE_UNSETTLED, true, true},
        {"straight four", "######\n#....#\n######", GO_SHAPE_ALIVE, false, false},
        {"bent four", "#####\n#...#\n###.#\n#####", GO_SHAPE_ALIVE, false, false},
        {"zigzag four", "#####\n#..##\n##..#\n#####", GO_SHAPE_ALIVE, false, false},
        {"bulky five", "#####\n#..##\n#.*.#\n#####", GO_SHAPE_UNSETTLED, true, false},
        {"flower five", "#####\n##.##\n#.*.#\n##.##\n#####", GO_SHAPE_UNSETTLED, true, false},
        {"straight five", "#######\n#.....#\n#######", GO_SHAPE_ALIVE, false, false},
        {"rabbity six", "#####\n##.##\n#.*.#\n##..#\n#####", GO_SHAPE_UNSETTLED, true, false},
        {"rectangular six", "#####\n#...#\n#...#\n#####", GO_SHAPE_ALIVE, false, false},
        /* Nakade played: the attacker's stone on the vital point kills. */
        {"straight three, vital point taken", "#####\n#.o.#\n#####", GO_SHAPE_DEAD, false, false},
        {"pyramid four, vital point taken", "#####\n#.o.#\n##.##\n#####", GO_SHAPE_DEAD, false, false},
        {"bulky five, vital point taken", "#####\n#..##\n#.o.#\n#####", GO_SHAPE_DEAD, false, false},
        {"flower five, vital point taken", "#####\n##.##\n#.o.#\n##.##\n#####", GO_SHAPE_DEAD, false, false},
        {"rabbity six, vital point taken", "#####\n##.##\n#.o.#\n##..#\n#####", GO_SHAPE_DEAD, false, false},
        /* The defender's stone on the vital point: two eyes. */
        {"straight three, eye made", "#####\n#.x.#\n#####", GO_SHAPE_ALIVE, false, false},
        {"flower five, eyes made", "#####\n##.##\n#.x.#\n##.##\n#####", GO_SHAPE_ALIVE, false, false},
    };
    int n = (int)(sizeof shapes / sizeof shapes[0]), checked = 0;
    for (int i = 0; i < n; i++) {
        go_es_region r;
        uint16_t vital;
        CHECK_MSG(region_from_picture(shapes[i].pic, &r, &vital), "picture %s", shapes[i].name);
        /* The display name: the classic's own name up to its first comma or " in". */
        const char *nm = go_eye_shape_name(picture_pts, r.n);
        char want[48];
        snprintf(want, sizeof want, "%s", shapes[i].name);
        want[strcspn(want, ",")] = 0;
        char *in = strstr(want, " in the");
        if (in) *in = 0;
        CHECK_MSG(nm && strcmp(nm, want) == 0, "shape name of %s: %s", shapes[i].name, nm ? nm : "(none)");
        for (int outer = 0; outer <= 2; outer += 2) {
            r.outer = outer;
            go_es_status st;
            CHECK(go_es_classify(&r, &st));
            CHECK_MSG(st.status == shapes[i].status, "%s (outer %d): status %d, want %d", shapes[i].name,
                      outer, st.status, shapes[i].status);
            if (shapes[i].status == GO_SHAPE_ALIVE) CHECK_MSG(!st.seki, "%s: seki", shapes[i].name);
            if (shapes[i].status == GO_SHAPE_UNSETTLED) {
                CHECK_MSG((st.kill & vital) == vital && (st.live & vital) == vital, "%s: vital point",
                          shapes[i].name);
                if (shapes[i].unique_kill)
                    CHECK_MSG(st.kill == vital, "%s (outer %d): kill %x", shapes[i].name, outer, st.kill);
                if (shapes[i].unique_live)
                    CHECK_MSG(st.live == vital, "%s (outer %d): live %x", shapes[i].name, outer, st.live);
            }
            if (getenv("EYES_DEBUG"))
                printf("%-36s outer %d: status %d kill %03x live %03x\n", shapes[i].name, outer, st.status,
                       st.kill, st.live);
            checked++;
        }
    }
    printf("classic shapes: %d named shapes x 2 outer-liberty counts checked\n", checked / 2);
}

int main(int argc, char **argv) {
    bool full = argc > 2 && strcmp(argv[2], "full") == 0;
    test_classics();
    run_shapes(full);
    run_two(full);
    return t_summary("test_go_eyeshape");
}
