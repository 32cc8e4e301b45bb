; An external device function in target-independent LLVM IR, linked into
; kernels that declare it with @device_func(extern=True):
;   kiln-run ... --link examples/device_functions_lib.ll
; Kiln sets the triple, data layout and calling convention when linking.
define float @kiln_ext_poly(float %x) {
  %half = fmul float %x, 5.000000e-01
  %r = fadd float %half, 1.000000e+00
  ret float %r
}
