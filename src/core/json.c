#include "core/json.h"

#include <math.h>

void yomi_json_start(yomi_json *j, FILE *out) {
    j->out = out;
    j->depth = 0;
    j->need_comma[0] = false;
    j->after_key = false;
}

/* Writes the separator a new value needs at the current nesting level. */
static void value_prefix(yomi_json *j) {
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->need_comma[j->depth]) fputc(',', j->out);
    j->need_comma[j->depth] = true;
}

static void open(yomi_json *j, char c) {
    value_prefix(j);
    fputc(c, j->out);
    if (j->depth < 31) j->depth++;
    j->need_comma[j->depth] = false;
}

static void close_(yomi_json *j, char c) {
    if (j->depth > 0) j->depth--;
    fputc(c, j->out);
}

void yomi_json_begin_object(yomi_json *j) { open(j, '{'); }
void yomi_json_end_object(yomi_json *j) { close_(j, '}'); }
void yomi_json_begin_array(yomi_json *j) { open(j, '['); }
void yomi_json_end_array(yomi_json *j) { close_(j, ']'); }

static void write_string(FILE *o, const char *s) {
    fputc('"', o);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", o); break;
        case '\\': fputs("\\\\", o); break;
        case '\n': fputs("\\n", o); break;
        case '\r': fputs("\\r", o); break;
        case '\t': fputs("\\t", o); break;
        default:
            if (*p < 0x20)
                fprintf(o, "\\u%04x", *p);
            else
                fputc(*p, o);
        }
    }
    fputc('"', o);
}

void yomi_json_key(yomi_json *j, const char *key) {
    value_prefix(j);
    write_string(j->out, key);
    fputc(':', j->out);
    j->after_key = true;
}

void yomi_json_string(yomi_json *j, const char *s) {
    value_prefix(j);
    write_string(j->out, s ? s : "");
}

void yomi_json_int(yomi_json *j, long long v) {
    value_prefix(j);
    fprintf(j->out, "%lld", v);
}

void yomi_json_uint(yomi_json *j, unsigned long long v) {
    value_prefix(j);
    fprintf(j->out, "%llu", v);
}

void yomi_json_double(yomi_json *j, double v) {
    value_prefix(j);
    if (isfinite(v))
        fprintf(j->out, "%.6g", v);
    else
        fputs("null", j->out);
}

void yomi_json_bool(yomi_json *j, bool v) {
    value_prefix(j);
    fputs(v ? "true" : "false", j->out);
}

void yomi_json_null(yomi_json *j) {
    value_prefix(j);
    fputs("null", j->out);
}
