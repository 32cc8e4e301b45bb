# REQUIRES: spirv-val
# RUN: kilnc %s --target spirv -o %t.spv
# RUN: spirv-val %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: llvm-spirv-15 -r %t.spv -o %t.bc
# At -O2 LLVM folds ipowi's `base == 0 || base == 1` into a switch whose two
# cases share the exit block; the SPIR-V names that block twice in OpSwitch
# and once in its OpPhi, which llvm-spirv-15 rejects ("PHINode should have
# one entry for each predecessor"). Kiln gives the repeated edge a
# forwarding block and the OpPhi an entry for it.
# CHECK: OpSwitch %{{[0-9]+}} %{{[0-9]+}} 0 %[[EXIT:[_a-z0-9]+]] 1 %[[FWD:[0-9]+]] 4294967295
# CHECK-NEXT: %[[FWD]] = OpLabel
# CHECK-NEXT: OpBranch %[[EXIT]]
# CHECK: %[[EXIT]] = OpLabel
# CHECK-NEXT: OpPhi %uint {{.*}} %[[FWD]]{{$}}


@kernel
def pw(item: Item, i: Array[int32], e: Array[int32], o: Array[int32]):
    k = item.get_id(0)
    o[k] = i[k] ** e[k]
