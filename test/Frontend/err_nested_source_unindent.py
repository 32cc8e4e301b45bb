# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# The first line's indentation is the base level of an indented source; a
# line indented less is an unindent error at its first character.
# CHECK: err_nested_source_unindent.py:9:3: error: unindent does not match any outer indentation level
    @kernel
    def k(item: Item, a: Array[float32]):
        a[0] = 1.0

  x = 1
