/* SVG board diagrams of tsumego problems and their main line (see
 * include/yomi/go_svg.h). Plain fprintf of SVG 1.1 elements; the main line is
 * replayed on a copy of the searched board so captures come out right. */
#include "yomi/go_svg.h"

#include <string.h>

#include "yomi/go_board.h"

#define CELL 24 /* distance between lines, px */
#define EDGE 22 /* room for coordinates on each side */
#define LINE_H 16 /* caption line height */
#define MAX_NOTES 64
#define NOTES_PER_LINE 6

static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/* Escapes text for XML character data and attribute values. */
static void put_text(FILE *f, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\t') fputc(*s, f);
        }
    }
}

typedef struct view {
    int c0, c1, r0, r1; /* visible columns and rows, inclusive */
    int size;
} view;

static double px(const view *v, int col) { return EDGE + CELL / 2.0 + (col - v->c0) * CELL; }
static double py(const view *v, int row) { return EDGE + CELL / 2.0 + (row - v->r0) * CELL; }

static void widen(view *v, go_point p) {
    int c = go_col(p), r = go_row(p);
    if (c < v->c0) v->c0 = c;
    if (c > v->c1) v->c1 = c;
    if (r < v->r0) v->r0 = r;
    if (r > v->r1) v->r1 = r;
}

/* The stones and the main line's points, one line of margin, snapped to the
 * edge when the edge is within three lines. */
static view crop(const go_problem *p, const go_tsumego_answer *a) {
    view v = {p->size, -1, p->size, -1, p->size};
    GO_FOR_POINTS(p->original, q) {
        if (go_board_at(p->original, q) != GO_EMPTY) widen(&v, q);
    }
    if (a)
        for (int i = 0; i < a->npv; i++)
            if (go_board_on(p->original, a->pv[i])) widen(&v, a->pv[i]);
    if (v.c1 < 0) return (view){0, p->size - 1, 0, p->size - 1, p->size};
    v.c0 = v.c0 - 1 <= 2 ? 0 : v.c0 - 1;
    v.r0 = v.r0 - 1 <= 2 ? 0 : v.r0 - 1;
    v.c1 = v.c1 + 1 >= p->size - 3 ? p->size - 1 : v.c1 + 1;
    v.r1 = v.r1 + 1 >= p->size - 3 ? p->size - 1 : v.r1 + 1;
    return v;
}

static void stone(FILE *f, const view *v, go_point q, go_color c) {
    fprintf(f,
            "<circle class=\"stone %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#000\" "
            "stroke-width=\"1\"/>\n",
            c == GO_BLACK ? "black" : "white", px(v, go_col(q)), py(v, go_row(q)), CELL * 0.47,
            c == GO_BLACK ? "#000" : "#fff");
}

/* The main line replayed on a copy of the searched board: the number shown on
 * each point, the stones to draw, and the notes for moves on a point that held a
 * stone before (or passes). */
typedef struct line_marks {
    int num_at[GO_MAX_POINTS]; /* move number shown on a point, 0: none */
    char notes[MAX_NOTES][40];
    int nnotes;
    struct {
        go_point q;
        go_color c;
        int n;
    } shown[GO_TSUMEGO_MAX_PV];
    int nshown;
} line_marks;

static void replay_line(const go_problem *p, const go_tsumego_answer *a, line_marks *L) {
    char vx[8];
    memset(L, 0, sizeof *L);
    go_board *b = go_board_new(p->size);
    if (b && a) {
        go_board_copy(b, p->board);
        go_color c = p->to_play;
        bool used[GO_MAX_POINTS]; /* held a stone at some time in the line */
        GO_FOR_POINTS(p->original, q) { used[q] = go_board_at(p->original, q) != GO_EMPTY; }
        for (int i = 0; i < a->npv; i++, c = go_other(c)) {
            go_point m = a->pv[i];
            if (m == GO_PASS) {
                if (L->nnotes < MAX_NOTES)
                    snprintf(L->notes[L->nnotes++], sizeof L->notes[0], "%d: pass", i + 1);
                go_board_play(b, c, m);
                continue;
            }
            if (!go_board_on(b, m) || go_board_play(b, c, m) != GO_OK) break;
            if (used[m]) {
                if (L->nnotes < MAX_NOTES) {
                    if (L->num_at[m])
                        snprintf(L->notes[L->nnotes++], sizeof L->notes[0], "%d at %d", i + 1, L->num_at[m]);
                    else {
                        go_vertex_format(p->original, m, vx, sizeof vx);
                        snprintf(L->notes[L->nnotes++], sizeof L->notes[0], "%d at %s", i + 1, vx);
                    }
                }
                continue;
            }
            used[m] = true;
            L->num_at[m] = i + 1;
            L->shown[L->nshown].q = m;
            L->shown[L->nshown].c = c;
            L->shown[L->nshown++].n = i + 1;
        }
    }
    go_board_free(b);
}

/* The grid (an inner side runs on half a cell), star points and coordinates. */
static void draw_board(FILE *f, const view *vp, int ncols, int nrows) {
    view v = *vp;
    /* The board's own edges are thicker. */
    fputs("<g class=\"grid\" stroke=\"#000\">\n", f);
    for (int col = v.c0; col <= v.c1; col++) {
        double y0 = v.r0 == 0 ? py(&v, 0) : EDGE,
               y1 = v.r1 == v.size - 1 ? py(&v, v.r1) : EDGE + nrows * CELL;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"%d\"/>\n",
                px(&v, col), y0, px(&v, col), y1, col == 0 || col == v.size - 1 ? 2 : 1);
    }
    for (int row = v.r0; row <= v.r1; row++) {
        double x0 = v.c0 == 0 ? px(&v, 0) : EDGE,
               x1 = v.c1 == v.size - 1 ? px(&v, v.c1) : EDGE + ncols * CELL;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"%d\"/>\n", x0,
                py(&v, row), x1, py(&v, row), row == 0 || row == v.size - 1 ? 2 : 1);
    }
    fputs("</g>\n", f);

    /* Star points on the usual sizes. */
    if (v.size == 9 || v.size == 13 || v.size == 19) {
        int lo = v.size == 9 ? 2 : 3, hi = v.size - 1 - lo, mid = v.size / 2;
        int at[3] = {lo, mid, hi};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                if (v.size == 9 && (i == 1) != (j == 1)) continue;
                int col = at[i], row = at[j];
                if (col < v.c0 || col > v.c1 || row < v.r0 || row > v.r1) continue;
                fprintf(f, "<circle class=\"star\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#000\"/>\n",
                        px(&v, col), py(&v, row));
            }
    }

    /* Coordinates on the four sides. */
    fputs("<g class=\"coord\" font-size=\"11\" text-anchor=\"middle\" fill=\"#000\">\n", f);
    for (int col = v.c0; col <= v.c1; col++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%d\">%c</text>\n", px(&v, col), EDGE - 7, letters[col]);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\">%c</text>\n", px(&v, col), EDGE + nrows * CELL + 14,
                letters[col]);
    }
    for (int row = v.r0; row <= v.r1; row++) {
        fprintf(f, "<text x=\"%d\" y=\"%.1f\">%d</text>\n", EDGE / 2, py(&v, row) + 4, v.size - row);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\">%d</text>\n", EDGE + ncols * CELL + EDGE / 2, py(&v, row) + 4,
                v.size - row);
    }
    fputs("</g>\n", f);
}

/* The caption under the board: file, question, result and the notes. */
static void draw_caption(FILE *f, const go_problem *p, const go_tsumego_answer *a, const line_marks *L,
                         const char *name, int y, int nnote_lines) {
    char vx[8];
    fputs("<g class=\"caption\" font-size=\"12\" fill=\"#000\">\n", f);
    fprintf(f, "<text x=\"6\" y=\"%d\">", y);
    put_text(f, name);
    fputs("</text>\n", f);
    y += LINE_H;
    go_vertex_format(p->original, p->target, vx, sizeof vx);
    fprintf(f, "<text x=\"6\" y=\"%d\">%s to play, %s the group at %s</text>\n", y,
            p->to_play == GO_BLACK ? "Black" : "White", p->live ? "live with" : "kill", vx);
    if (a) {
        y += LINE_H;
        fprintf(f, "<text x=\"6\" y=\"%d\">result: %s (%s)</text>\n", y, go_tsumego_result_name(a->result),
                a->result == YOMI_UNKNOWN ? "limit"
                    : a->proved           ? "proved"
                                          : "heuristic");
        y += LINE_H;
        fprintf(f, "<text x=\"6\" y=\"%d\">winning moves:", y);
        for (int i = 0; i < a->nmoves; i++) {
            go_vertex_format(p->original, a->moves[i], vx, sizeof vx);
            fprintf(f, " %s", vx);
        }
        if (a->nmoves == 0) fputs(" none", f);
        if (a->nunknown) fprintf(f, " (%d undecided)", a->nunknown);
        fputs("</text>\n", f);
    }
    for (int l = 0; l < nnote_lines; l++) {
        y += LINE_H;
        fprintf(f, "<text class=\"notes\" x=\"6\" y=\"%d\">", y);
        for (int i = l * NOTES_PER_LINE; i < L->nnotes && i < (l + 1) * NOTES_PER_LINE; i++)
            fprintf(f, "%s%s", i > l * NOTES_PER_LINE ? ", " : "", L->notes[i]);
        fputs("</text>\n", f);
    }
}

int go_svg_write(FILE *f, const go_problem *p, const go_tsumego_answer *a, const char *title) {
    view v = crop(p, a);
    int ncols = v.c1 - v.c0 + 1, nrows = v.r1 - v.r0 + 1;
    line_marks marks;
    const line_marks *L = &marks;
    replay_line(p, a, &marks);

    /* The caption names the file without its directories. */
    const char *name = title ? strrchr(title, '/') : NULL;
    name = name ? name + 1 : title ? title : "";
    int nnote_lines = (L->nnotes + NOTES_PER_LINE - 1) / NOTES_PER_LINE;
    int ncap = 2 + (a ? 2 : 0) + nnote_lines;
    int width = 2 * EDGE + ncols * CELL, height = 2 * EDGE + nrows * CELL + ncap * LINE_H + 6;
    int text_w = 12 + 7 * (int)strlen(name); /* about 7 px a character at 12 px */
    if (a && 12 + 7 * (16 + 4 * a->nmoves) > text_w) text_w = 12 + 7 * (16 + 4 * a->nmoves);
    if (text_w < 260) text_w = 260;
    if (width < text_w) width = text_w;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
            width, height, width, height);
    fputs("<title>", f);
    put_text(f, title ? title : "tsumego");
    fputs("</title>\n", f);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", width, height);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#dcb35c\"/>\n", EDGE, EDGE,
            ncols * CELL, nrows * CELL);

    draw_board(f, &v, ncols, nrows);

    /* Stones as given, then the main line's stones with their numbers. */
    GO_FOR_POINTS(p->original, q) {
        go_color c = go_board_at(p->original, q);
        if (c != GO_EMPTY) stone(f, &v, q, c);
    }
    if (go_board_on(p->original, p->target) && go_board_at(p->original, p->target) != GO_EMPTY) {
        double s = CELL * 0.3;
        fprintf(f,
                "<rect class=\"target\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                "stroke=\"%s\" stroke-width=\"2\"/>\n",
                px(&v, go_col(p->target)) - s / 2, py(&v, go_row(p->target)) - s / 2, s, s,
                go_board_at(p->original, p->target) == GO_BLACK ? "#fff" : "#000");
    }
    for (int i = 0; i < L->nshown; i++) {
        stone(f, &v, L->shown[i].q, L->shown[i].c);
        fprintf(f,
                "<text class=\"move\" x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" "
                "fill=\"%s\">%d</text>\n",
                px(&v, go_col(L->shown[i].q)), py(&v, go_row(L->shown[i].q)) + 4.5,
                L->shown[i].n < 10 ? 13 : 11, L->shown[i].c == GO_BLACK ? "#fff" : "#000", L->shown[i].n);
    }

    draw_caption(f, p, a, L, name, EDGE + nrows * CELL + EDGE + LINE_H - 4, nnote_lines);
    fputs("</g>\n</svg>\n", f);
    return ferror(f) ? -1 : 0;
}
