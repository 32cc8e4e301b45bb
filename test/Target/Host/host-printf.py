# RUN: kilnc %s --target host --emit=llvm-ir | FileCheck %s
# print on the host is C's printf (variadic; floats as double).
from kiln import kernel, Item, float32


@kernel
def hello(item: Item, v: float32):
    print("item", item.get_id(0), v)

# CHECK: @__kiln_format_0 = internal constant
# CHECK: declare i32 @printf(ptr, ...)
# CHECK: call i32 (ptr, ...) @printf(ptr @__kiln_format_0, i64 {{%[0-9]+}}, double {{%[0-9]+}})
