/* CAPIReport.h - one step's status for the C API's C test programs.
 *
 * Shared by the C99 programs (CAPICompileForArguments.c,
 * CAPICompileForLaunch.c, CAPICompileDistinctArrays.c): a failed step
 * prints its name, the status and the library's last message, which the
 * lit tests read.
 */
#ifndef KILN_TEST_CAPI_CAPIREPORT_H
#define KILN_TEST_CAPI_CAPIREPORT_H

#include "kiln/kiln.h"

#include <stdio.h>

/* 1 when `status` is OK; else prints "WHAT failed (STATUS): MESSAGE" and
 * returns 0. */
static inline int report(const char *what, kiln_status_t status) {
  if (status == KILN_STATUS_OK)
    return 1;
  printf("%s failed (%s): %s\n", what, kiln_status_name(status),
         kiln_last_error_message());
  return 0;
}

#endif /* KILN_TEST_CAPI_CAPIREPORT_H */
