# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# RUN: kilnc %s --emit=kiln --signature 'k:item=Item,a=Array[float32]' | FileCheck %s --check-prefix=SIGNED
# An unannotated first parameter is the work-item, whose type the launch
# gives (issue 12 item 4); kilnc has no launch, so it says how to give it.
# CHECK: err_unannotated_work_item.py:[[@LINE+5]]:7: error: kernel 'k' takes the work-item in its unannotated first parameter 'item', whose type the launch gives (Item for a Range, NdItem for an NdRange), and this compile does not know the launch: annotate it ('item: Item' or 'item: NdItem') or give it in the signature ('k:item=Item')
# SIGNED: kiln.kernel @k(%arg0: !kiln.item {kiln.name = "item"}


@kernel
def k(item, a):
    a[item.get_id(0)] = 1.0
