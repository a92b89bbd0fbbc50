/* A small streaming JSON writer: objects, arrays, strings with escapes, numbers.
 * Commas are inserted automatically. Output goes to a FILE. */
#ifndef YOMI_CORE_JSON_H
#define YOMI_CORE_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct yomi_json {
    FILE *out;
    int depth;
    bool need_comma[32];
    bool after_key;
} yomi_json;

void yomi_json_start(yomi_json *j, FILE *out);
void yomi_json_begin_object(yomi_json *j);
void yomi_json_end_object(yomi_json *j);
void yomi_json_begin_array(yomi_json *j);
void yomi_json_end_array(yomi_json *j);
void yomi_json_key(yomi_json *j, const char *key);
void yomi_json_string(yomi_json *j, const char *s);
void yomi_json_int(yomi_json *j, long long v);
void yomi_json_uint(yomi_json *j, unsigned long long v);
void yomi_json_double(yomi_json *j, double v);
void yomi_json_bool(yomi_json *j, bool v);
void yomi_json_null(yomi_json *j);

#endif
