# RUN: %python %S/Inputs/deep_source.py chain 20000 > %t.chain.py
# RUN: not kilnc %t.chain.py 2>&1 | FileCheck %s --check-prefix=CHAIN
# RUN: %python %S/Inputs/deep_source.py and 20000 > %t.and.py
# RUN: not kilnc %t.and.py 2>&1 | FileCheck %s --check-prefix=AND
# RUN: %python %S/Inputs/deep_source.py attr 20000 > %t.attr.py
# RUN: not kilnc %t.attr.py 2>&1 | FileCheck %s --check-prefix=ATTR
# RUN: %python %S/Inputs/deep_source.py chain 990 > %t.ok.py
# RUN: kilnc %t.ok.py --emit=kiln | FileCheck %s --check-prefix=OK
# Pathological input is an error, never a crash (docs/language.md §7): the
# parser bounds the height of every expression tree, so the recursive walks
# after it (Sema, constant folding, MLIRGen, the AST printer, destruction)
# stay within the stack. A flat chain of 20,000 `+` overflowed the stack of
# Sema::checkBinary; 20,000 `and` operands (nested scf.if) took minutes.
# The error points at the operator where the chain passes 1000 levels.

# CHAIN: .chain.py:4:7003: error: expression is nested too deeply (more than 1000 levels of operators, operands or calls)
# CHAIN-NOT: error:
# AND: .and.py:4:18: error: expression is nested too deeply (more than 1000 levels of operators, operands or calls)
# ATTR: .attr.py:4:12: error: expression is nested too deeply
# OK: kiln.kernel @k(
# OK-COUNT-989: arith.addi
