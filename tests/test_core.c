/* Core: the table fills its budget exactly, stores and finds, limits stop searches,
 * the JSON writer escapes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"
#include "core/search.h"
#include "core/tt.h"
#include "testutil.h"

static void test_tt(void) {
    yomi_tt tt;
    for (size_t mb = 1; mb <= 64; mb *= 4) {
        CHECK(yomi_tt_init(&tt, mb));
        CHECK(yomi_tt_bytes(&tt) <= mb << 20);
        CHECK(yomi_tt_bytes(&tt) > (mb << 20) - 64); /* exact: less under one bucket */
        yomi_tt_free(&tt);
    }
    CHECK(!yomi_tt_init(&tt, 0));
    CHECK(yomi_tt_init(&tt, 1));
    for (uint64_t k = 1; k <= 1000; k++)
        yomi_tt_store(&tt, k * 0x9e3779b97f4a7c15ULL, (uint32_t)(k * 3), (uint16_t)k, 5);
    int found = 0;
    for (uint64_t k = 1; k <= 1000; k++) {
        yomi_tt_entry *e = yomi_tt_probe(&tt, k * 0x9e3779b97f4a7c15ULL, (uint32_t)(k * 3));
        if (e && e->data == k) found++;
    }
    CHECK_EQ_INT(found, 1000);
    CHECK(yomi_tt_probe(&tt, 12345, 0) == NULL);
    yomi_tt_free(&tt);
}

static void test_limits(void) {
    yomi_limits lim = {0};
    lim.max_nodes = 10000;
    yomi_ctl c;
    yomi_ctl_init(&c, &lim, "test");
    uint64_t n = 0;
    while (!yomi_ctl_check(&c) && n < 1000000) {
        c.nodes++;
        n++;
    }
    CHECK(c.stopped);
    CHECK(n >= 10000 && n < 20000);
    atomic_int cancel = 0;
    lim.max_nodes = 0;
    lim.cancel = &cancel;
    yomi_ctl_init(&c, &lim, "test");
    for (int i = 0; i < 10000; i++) {
        c.nodes++;
        (void)yomi_ctl_check(&c);
    }
    CHECK(!c.stopped);
    atomic_store(&cancel, 1);
    for (int i = 0; i < 10000 && !yomi_ctl_check(&c); i++) c.nodes++;
    CHECK(c.stopped);
}

static void test_json(void) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    yomi_json j;
    yomi_json_start(&j, f);
    yomi_json_begin_object(&j);
    yomi_json_key(&j, "a\"b");
    yomi_json_string(&j, "x\ny\\");
    yomi_json_key(&j, "n");
    yomi_json_begin_array(&j);
    yomi_json_int(&j, -3);
    yomi_json_uint(&j, 7);
    yomi_json_null(&j);
    yomi_json_end_array(&j);
    yomi_json_key(&j, "t");
    yomi_json_bool(&j, true);
    yomi_json_end_object(&j);
    fclose(f);
    CHECK_MSG(strcmp(buf, "{\"a\\\"b\":\"x\\ny\\\\\",\"n\":[-3,7,null],\"t\":true}") == 0, "json: %s", buf);
    free(buf);
}

int main(void) {
    test_tt();
    test_limits();
    test_json();
    return t_summary("test_core");
}
