/* libFuzzer target: arbitrary bytes as a GTP session. The engine must answer
 * every line and never crash, hang or leak. loadsgf is switched off
 * (gtp_set_allow_files), so the input cannot reach the file system. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "proto/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        fclose(in);
        return 0;
    }
    /* Small limits keep each input fast; a stopped search still has to answer. */
    yomi_limits lim = {.max_nodes = 20000, .hash_mb = 1};
    gtp_engine *g = gtp_new(&lim);
    if (g) {
        gtp_set_allow_files(g, false);
        gtp_run(g, in, out);
        gtp_free(g);
    }
    fclose(out);
    fclose(in);
    free(text);
    return 0;
}
