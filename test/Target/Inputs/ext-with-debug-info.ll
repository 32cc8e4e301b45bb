; An external device function compiled with debug info (as `clang -g`
; would leave it), for spirv-line-info-linked.py.
define float @ext_twice(float %x) !dbg !4 {
  %r = fmul float %x, 2.000000e+00, !dbg !7
  ret float %r, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "ext_twice.c", directory: "/lib")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "ext_twice", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 12, scope: !4)
!8 = !DILocation(line: 3, column: 3, scope: !4)
