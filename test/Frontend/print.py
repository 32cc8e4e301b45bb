# RUN: kilnc %s --emit=kiln | FileCheck %s
# print(...) of scalars and string literals: one kiln.print whose C format
# separates the arguments with a space and ends with a newline. Integers
# narrower than 32 bits are widened to 32 (%d / %u), 64-bit ones print with
# %ld / %lu, floats are widened to f64 and printed with %g; constants are
# written into the format; '%' is escaped. A bool prints True/False: one
# kiln.print per combination, chosen with scf.if.

# CHECK-LABEL: kiln.kernel @k(
# CHECK: %[[X:.+]] = arith.extf %{{.+}} : f32 to f64
# CHECK: %[[N:.+]] = arith.extsi %arg3 : i16 to i32
# CHECK: %[[U:.+]] = kiln.load %arg2
# CHECK: %[[G:.+]] = kiln.query global_id %arg0[0]
# CHECK: scf.if %arg4 {
# CHECK-NEXT: kiln.print "x = %g n: %d 7 2.5 True %u %ld 100%%\0A"(%[[X]], %[[N]], %[[U]], %[[G]]) : f64, i32, i32, i64
# CHECK-NEXT: } else {
# CHECK-NEXT: kiln.print "x = %g n: %d 7 2.5 False %u %ld 100%%\0A"(%[[X]], %[[N]], %[[U]], %[[G]]) : f64, i32, i32, i64
# CHECK: kiln.print "\0A"()
# CHECK: kiln.print "tab\09quote' \E2\82\AC\0A"()
# CHECK: kiln.print "%lu\0A"(%{{.+}}) : i64
@kernel
def k(it: NdItem, a: Array[float32], u: Array[uint32], n: int16, b: bool, w: uint64):
    x = a[0]
    print("x =", x, "n:", n, 7, 2.5, b, u[0], it.get_global_id(0), "100%")
    print()
    print("tab\tquote'", "\u20ac")
    print(w)
