; External device functions for S6_builtins/device_func_extern.py, in
; target-independent LLVM IR (kiln-run --link sets triple and layout).
define i32 @conf_ext_mix(i32 %a) {
  %m = mul i32 %a, 3
  %r = xor i32 %m, 85
  ret i32 %r
}

define double @conf_ext_scale(double %x, float %y) {
  %y2 = fpext float %y to double
  %t = fmul double %x, 2.000000e+00
  %r = fadd double %t, %y2
  ret double %r
}

define float @conf_ext_half(float %x) {
  %h = fmul float %x, 5.000000e-01
  %r = fadd float %h, 1.000000e+00
  ret float %r
}
