//===- Sema.h - Type checker of Kiln kernel modules -------------*- C++ -*-===//
//
// Resolves names, checks and annotates every expression with its Type,
// applies the promotion and weak-literal rules of spec section 4 and makes
// every conversion an explicit CastExpr, rewriting the AST in place into the
// resolved node kinds that MLIRGen consumes. Errors are reported with their
// location and checking goes on (an expression with an error gets the
// Invalid type, which silences follow-up errors about it).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_SEMA_H
#define KILN_FRONTEND_SEMA_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/ConstantFolder.h"
#include "compiler/Frontend/FrontendOptions.h"
#include "compiler/Frontend/Specialization.h"
#include "compiler/Frontend/StackBudget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>

namespace kiln {

/// Parses the function whose `def` is at a token position again (for the
/// specializations of generic device functions).
using ReparseFn = std::function<std::unique_ptr<ast::FunctionDef>(size_t)>;

/// Type-checks `module` in place. Returns false if an error was reported.
bool checkModule(ast::Module &module, DiagnosticEngine &diags,
                 const std::vector<Specialization> &specs = {},
                 ReparseFn reparse = nullptr,
                 const FrontendOptions &options = {});

namespace detail {

class Sema {
public:
  Sema(DiagnosticEngine &diags, const std::vector<Specialization> &specs,
       ReparseFn reparse, const FrontendOptions &options = {})
      : diags(diags), specs(specs), reparse(std::move(reparse)),
        numbaTypingByDefault(options.numbaTyping), onlyKernel(options.kernel) {}
  bool run(ast::Module &module);

private:
  // Module level (Sema.cpp).
  void checkConstants(ast::Module &module);
  /// Checks the decorator and the signature; a kernel with a
  /// Specialization gets its types and constants here.
  void checkSignature(ast::FunctionDef &fn, const Specialization *spec);
  /// Checks the body (once), saving and restoring the state of the function
  /// being checked (device functions are checked on demand, from calls).
  /// Checks `fn` now unless done or under way; `callLoc` is the call that
  /// needs it (none for the module's own pass over its functions).
  void ensureChecked(ast::FunctionDef &fn, SourceLoc callLoc = {});
  /// Checks the body of `fn`, called from the function being checked, and
  /// restores the caller's state after.
  void checkNested(ast::FunctionDef &fn);
  void checkBody(ast::FunctionDef &fn);
  void checkParameters(ast::FunctionDef &fn, const Specialization *spec);
  /// A parameter's annotation. `isConstant` is set for `Constant[T]` (then
  /// the result is T).
  Type resolveAnnotation(ast::Expr &e, bool *isConstant = nullptr);
  std::optional<DType> scalarTypeName(const ast::Expr &e) const;
  std::optional<std::string> annotationHead(const ast::Expr &e) const;
  void collectAssignedNames(const ast::StmtList &body);
  ast::VarDecl *declare(const std::string &name, SourceLoc loc, Type type);
  /// The Item parameter of a kernel that takes no work-item.
  void declareHiddenWorkItem(ast::FunctionDef &f);
  void checkRecursion(ast::Module &module);

  // Device functions and specialization (SemaFunctions.cpp).
  void checkDeviceCall(ast::ExprPtr &e, ast::FunctionDef &callee);
  ast::FunctionDef *
  instantiate(ast::FunctionDef &generic, const std::vector<Type> &types,
              const std::vector<std::optional<ConstantValue>> &constants,
              SourceLoc callLoc);
  void checkReturn(ast::ReturnStmt &r);
  /// The type a specialization string names, or nullopt with `error` set.

  // Statements (Sema.cpp).
  void checkBlock(ast::StmtList &body);
  void checkStmt(ast::Stmt &s);
  void checkAssign(ast::AssignStmt &s);
  void checkAugAssign(ast::AugAssignStmt &s);
  void checkAnnAssign(ast::AnnAssignStmt &s);
  void checkFor(ast::ForStmt &s);
  // Numba's unification of locals (SemaUnify.cpp).
  /// An assignment to the unannotated local `d` of a value of another
  /// numeric type: converts the value to the local's unified type, or
  /// records that the local must be wider (the function is then checked
  /// again). False when the ordinary implicit conversion applies.
  bool unifyLocal(ast::VarDecl *d, ast::ExprPtr &value,
                  llvm::StringRef context);
  /// After a clean check of `f` that widened locals: parses `f` again and
  /// checks it with those locals typed from their first assignment.
  void recheckWithUnifiedLocals(ast::FunctionDef &f, unsigned errorsBefore);
  void checkExprStmt(ast::ExprStmt &s);
  /// A call statement that only computes a value (worth a warning).
  static bool isDiscardedPureValue(const ast::Expr &e);
  void checkAssert(ast::AssertStmt &s);
  void checkMultiAssign(ast::AssignStmt &s);
  /// Checks an assignment target (a name or an array element) and converts
  /// `value` to its type; declares the name on first assignment.
  void assignTo(ast::ExprPtr &target, ast::ExprPtr &value);
  /// Assignment of an index object, array or AtomicRef to a name.
  void assignObject(ast::NameExpr &n, ast::ExprPtr &target,
                    ast::ExprPtr &value);

  // Tuples of scalars (SemaTuple.cpp).
  /// The module tuple constant `name` (not shadowed by a local), or null.
  const ast::ConstantDef *tupleConstant(llvm::StringRef name) const;
  /// The number of elements of a tuple-valued expression (a tuple display,
  /// a tuple local, a module tuple constant, `a.shape`); nullopt if `e` is
  /// not one.
  std::optional<size_t> tupleArity(const ast::Expr &e) const;
  /// The elements of a tuple-valued expression, unchecked (a display's are
  /// moved out).
  std::vector<ast::ExprPtr> tupleElements(ast::ExprPtr &e);
  /// Replaces a tuple-valued name or `a.shape` by a display of its
  /// elements; false (nothing changed) for anything else.
  bool expandTupleValue(ast::ExprPtr &e);
  /// `t[c]` with a tuple-valued `t`: the element, checked.
  void checkTupleSubscript(ast::ExprPtr &e);
  /// A tuple used where only a scalar goes.
  void diagnoseTupleValue(const ast::Expr &e);
  /// `n = (v0, v1, ...)`: assigns each (checked) value to the hidden local
  /// of its element, appending the stores.
  bool
  assignTupleToName(ast::NameExpr &n, std::vector<ast::ExprPtr> &values,
                    std::vector<std::pair<ast::ExprPtr, ast::ExprPtr>> &stores);
  /// A module constant whose value is a tuple of constants (or names one):
  /// folds each element. False if it is not a constant.
  bool checkTupleConstant(ast::ConstantDef &c);

  // Expressions (SemaExpr.cpp).
public:
  void checkExpr(ast::ExprPtr &e);

private:
  void checkName(ast::ExprPtr &e);
  void checkUnary(ast::ExprPtr &e);
  void checkBinary(ast::ExprPtr &e);
  void checkPow(ast::ExprPtr &e);
  void checkCompare(ast::ExprPtr &e);
  void checkBoolOp(ast::ExprPtr &e);
  void checkIfExp(ast::ExprPtr &e);
  void checkAttribute(ast::ExprPtr &e);
  /// `nd_item.dimensions`, `group.dimensions`, `f().dimensions`.
  void checkDimensionsOf(ast::ExprPtr &e);
  /// The integer of an enum member used as a value (`MemoryOrder.RELAXED`,
  /// `kapi.MemoryScope.DEVICE`), as numba-dpex numbers them.
  std::optional<int64_t> enumMemberValue(const ast::AttributeExpr &a) const;
  void checkSubscript(ast::ExprPtr &e);
  void checkArrayElement(ast::ExprPtr &e, ast::VarDecl *array);
  /// Rewrites `a[i][j]` into `a[i, j]` when the chain's root is an array;
  /// false (nothing changed) otherwise.
  bool flattenRowView(ast::ExprPtr &e);

  // Calls (SemaCall.cpp).
  void checkCall(ast::ExprPtr &e);
  void checkCast(ast::ExprPtr &e, DType to);
  void checkLen(ast::ExprPtr &e);
  /// A call of a function of a known module (`math.sqrt`, `np.sqrt`,
  /// `kapi.group_barrier`, `np.float32`), `member` its name there and
  /// `loc` where the name is written.
  void checkModuleCall(ast::ExprPtr &e, KnownModule mod,
                       const std::string &member, SourceLoc loc);
  void checkItemMethod(ast::ExprPtr &e, ast::VarDecl *item,
                       const std::string &method, SourceLoc methodLoc);
  /// Methods of NdItem, Group, SubGroup and AtomicRef values.
  void checkObjectMethod(ast::ExprPtr &e, ast::ExprPtr &object,
                         const std::string &method, SourceLoc methodLoc);
  /// Checks an argument that may be an index object, an array or an
  /// AtomicRef (a bare name of one is a VarRefExpr of that type here).
  void checkObjectOrValue(ast::ExprPtr &e);
  /// Requires exactly `n` positional arguments and no keywords.
  bool checkArity(ast::CallExpr &call, llvm::StringRef name, size_t n);
  /// Gathers positional and keyword arguments into `names` order
  /// (Python binding); reports unknown, duplicate and missing ones.
  bool bindArguments(ast::CallExpr &call, llvm::StringRef fname,
                     llvm::ArrayRef<const char *> names, size_t required,
                     std::vector<ast::ExprPtr *> &out);

  // Complex numbers (SemaComplex.cpp).
  /// Reports "WHAT is not defined for complex numbers" at a complex `e`.
  bool rejectComplex(const ast::Expr &e, llvm::StringRef what);
  /// `complex64(x)`, `np.complex128(re, im)`, `complex(re, im)`.
  void checkComplexCast(ast::ExprPtr &e, DType to);
  /// `z.real` / `z.imag` of a checked `value`; false if `attr` is neither.
  bool checkComplexAttribute(ast::ExprPtr &e, ast::ExprPtr &value,
                             const std::string &attr);
  /// `z.conjugate()` / `np.conj(z)`, and np.real / np.imag of `arg`.
  void checkComplexPart(ast::ExprPtr &e, ast::ExprPtr &arg, ast::Builtin op,
                        llvm::StringRef what);

  // Builtins (SemaBuiltins.cpp).
  /// Returns false if `name` is not a builtin (nothing reported).
  bool checkBuiltinCall(ast::ExprPtr &e, llvm::StringRef name,
                        SourceLoc nameLoc);
  bool checkMathCall(ast::ExprPtr &e, llvm::StringRef name);
  void checkMinMax(ast::ExprPtr &e, ast::Builtin op);
  void checkAbs(ast::ExprPtr &e);
  void checkSelect(ast::ExprPtr &e);
  void checkPrint(ast::ExprPtr &e);
  void checkCollective(ast::ExprPtr &e, ast::Builtin op, llvm::StringRef name);
  void checkShuffle(ast::ExprPtr &e, ast::ExprPtr &sg, ast::ShuffleMode mode,
                    llvm::StringRef name);
  /// A collective's or shuffle's value: a non-bool scalar.
  bool checkCollectiveValue(ast::ExprPtr &v, llvm::StringRef name);
  /// `"add"` etc. for the value type `t`.
  std::optional<ast::CollectiveOp> collectiveOp(ast::Expr &op, Type t,
                                                llvm::StringRef name);
  /// The text of a string literal (prefix and quotes removed, escapes
  /// decoded); reports f-strings and bytes.
  std::optional<std::string> stringValue(const ast::StringLiteral &s);

  // Memory (SemaMemory.cpp).
  void checkArrayAlloc(ast::ExprPtr &e, ast::Builtin op, llvm::StringRef name);
  void checkBarrier(ast::ExprPtr &e, ast::Builtin op, llvm::StringRef name);
  void checkAtomicFence(ast::ExprPtr &e);
  void checkAtomicRef(ast::ExprPtr &e);
  void checkAtomicMethod(ast::ExprPtr &e, ast::ExprPtr &ref,
                         const std::string &method, SourceLoc methodLoc);
  /// numba-dpex's `compare_exchange(expected, desired, expected_idx=0)` on
  /// an AtomicRef of element type `t`.
  void checkCompareExchange(ast::ExprPtr &e, ast::ExprPtr &ref, Type t);
  /// `MemoryOrder.X` / `MemoryScope.X` / `AddressSpace.X`.
  std::optional<int> enumValue(ast::Expr &e, llvm::StringRef enumName);
  /// `e` names the enum `enumName` (`MemoryOrder`, `kapi.MemoryOrder`).
  bool isEnumName(const ast::Expr &e, llvm::StringRef enumName) const;
  /// Indices `i` or `(i, j)` for an array of rank `rank`, as int64.
  bool checkIndexList(ast::ExprPtr &index, unsigned rank,
                      const std::string &arrayName, SourceLoc loc,
                      std::vector<ast::ExprPtr> &out);
  std::optional<unsigned>
  constantDimension(ast::ExprPtr &arg, llvm::StringRef what, unsigned limit);
  void diagnoseUnknownCallee(const ast::Expr &callee);

  // Module paths (SemaModules.cpp).
  /// The dotted path a module-level name or attribute chain stands for
  /// through the file's imports (`kapi.MemoryOrder` ->
  /// `numba_dpex.kernel_api.MemoryOrder`); nullopt if its head is a local,
  /// a constant or a function.
  std::optional<std::string> modulePath(const ast::Expr &e) const;
  /// The known module `e` names (`kapi`, `dpex`, `np`, `math`).
  KnownModule moduleOf(const ast::Expr &e) const;
  /// For a call `mod.f(...)` or `f(...)` after `from mod import f`: the
  /// module and the function's name in it.
  KnownModule calleeModule(const ast::Expr &callee, std::string &member) const;
  /// Explains why a module-level or builtin name is not a value.
  void diagnoseNonValueName(const std::string &name, SourceLoc loc);

  // Compile-time strings, types and function aliases (SemaCompileTime.cpp).
  /// A module-level definition that is not a number: a compile-time
  /// string (`OP = "fetch_add"`), a type (`DT = np.float32`,
  /// `DT = np.dtype("float32")`) or, once the functions are known
  /// (bindFunctionAliases), another name of a device function
  /// (`square = sq`). True if `c` is a string or a type.
  bool checkCompileTimeConstant(ast::ConstantDef &c);
  /// Makes the module's aliases of device functions callable names.
  void bindFunctionAliases();
  /// The text of a compile-time string: a string literal (no f-string or
  /// bytes) or a module string constant that no local hides; nullopt
  /// for anything else (nothing reported).
  std::optional<std::string> compileTimeString(const ast::Expr &e) const;
  /// The type `e` stands for: `a.dtype` of an array, `np.dtype(NAME)`,
  /// `X.type` of a type, a scalar type name (`np.float32`, `float32`,
  /// `int`), a type local or a type constant; nullopt otherwise.
  std::optional<ast::TypeValue> typeValue(const ast::Expr &e) const;
  /// Rewrites `getattr(obj, NAME)` with a compile-time string NAME into
  /// `obj.NAME` in the expressions of statement `s` (not in the blocks it
  /// holds), reporting any other getattr.
  void desugarGetattr(ast::Stmt &s);
  void desugarGetattr(ast::ExprPtr &e);
  /// `name = <type>` (`dtype = a.dtype`) or `name = <compile-time
  /// string>`: declares the type or string local `name` and returns true;
  /// false (nothing done) when the value is neither.
  bool assignTypeValue(ast::AssignStmt &s);
  /// Errors for a use of the type `e` where a value or a call is needed.
  void diagnoseTypeValue(const ast::Expr &e, const ast::TypeValue &t,
                         bool called);

  // Typing helpers (SemaExpr.cpp).
  /// An Array, index object or AtomicRef variable named by `e`, or null.
  ast::VarDecl *lookupObject(const ast::Expr &e) const;
  static bool isWeak(const ast::Expr &e);
  /// A constant operand that folds with another: a weak literal or a bool
  /// literal.
  static bool isFoldable(const ast::Expr &e);
  /// The type a weak literal takes next to a typed operand of type `other`
  /// (warns where Numba's typing would give another).
  Type weakJoin(const ast::Expr &weak, Type other);
  /// The typing rules of the function being checked: its decorator's
  /// `numba_typing=`, else the compile's.
  TypingRules typing() const;
  /// A function defined inside another: its source is indented (the
  /// enclosing function's own source, or a whole file).
  static bool isNested(const ast::FunctionDef &f) {
    return f.decoratorLoc.isValid() ? f.decoratorLoc.col > 1 : false;
  }
  /// Reads a decorator's `numba_typing=True|False` into numbaTypingOf.
  void readNumbaTyping(ast::FunctionDef &f, ast::Keyword &k);
  /// Reads a launch bound of the kernel decorator
  /// (`max_work_group_size=`, `min_work_groups_per_cu=`): a positive
  /// integer constant below 2**31; 0 after a (reported) error.
  int64_t readLaunchBound(ast::Keyword &k);
  /// Under Kiln's rules, a weak float literal next to a 64-bit integer is
  /// float32 where Numba computes in float64: a warning at the literal.
  void warnFloatLiteralWithInt64(const ast::Expr &weak, Type other);
  /// A literal whose value changes as the float type `t` it is given
  /// implicitly (`16777217` as a float32 is 16777216): a warning at it.
  void warnInexactLiteral(const ast::Expr &literal, Type t);
  /// The type a run-time operand list takes (min, max, math): the
  /// promotion of the typed operands, weak literals joining as in binary
  /// operators.
  Type joinTypes(llvm::ArrayRef<ast::ExprPtr> args);
  /// The common type of two checked scalar operands (weak rules applied).
  Type commonType(const ast::Expr &a, const ast::Expr &b);
  /// Gives a weak literal the type `t`; reports a literal that does not fit.
  bool coerceWeak(ast::ExprPtr &e, Type t);
  /// Converts `e` to `t` (coerces weak literals, wraps others in a Cast).
  void convertTo(ast::ExprPtr &e, Type t);
  /// Implicit-safe conversion (assignment); reports a conversion that needs
  /// an explicit cast.
  bool convertImplicitly(ast::ExprPtr &e, Type t, llvm::StringRef context);
  /// Turns a weak literal into its default type (int64 / float32).
  void finalizeWeak(ast::ExprPtr &e);
  /// Conversion of a value stored into an array element: implicit-safe
  /// ones, and narrowing within integers or within floats (spec section 5).
  bool convertForStore(ast::ExprPtr &e, Type t, llvm::StringRef context);
  /// Converts a condition to bool (Python truthiness).
  void convertToBool(ast::ExprPtr &e);
  /// Requires a scalar operand; reports otherwise.
  bool requireScalar(const ast::Expr &e, llvm::StringRef what);
  void replaceWithConstant(ast::ExprPtr &e, const FoldResult &r,
                           SourceLoc errorLoc);

  void error(SourceLoc loc, const llvm::Twine &message) {
    diags.error(loc, message);
  }
  /// A warning; in a function's body it waits for the function's last
  /// check (a check redone with unified locals drops the earlier one's).
  void warning(SourceLoc loc, const llvm::Twine &message) {
    if (fn && fn->checking)
      pendingWarnings.emplace_back(loc, message.str());
    else
      diags.warning(loc, message);
  }

  DiagnosticEngine &diags;
  const std::vector<Specialization> &specs;
  ReparseFn reparse;
  /// FrontendOptions::numbaTyping.
  bool numbaTypingByDefault = false;
  /// FrontendOptions::kernel.
  std::string onlyKernel;
  /// Per kernel defined inside a function: the values of the variables it
  /// closes over (weak literals, as module constants), from its
  /// specialization's constants that name no parameter.
  llvm::DenseMap<const ast::FunctionDef *, llvm::StringMap<ast::ExprPtr>>
      captured;
  /// Functions whose decorator gives `numba_typing=`, with its value.
  llvm::DenseMap<const ast::FunctionDef *, bool> numbaTypingOf;
  ast::Module *module = nullptr;

  // The function being checked (saved and restored by ensureChecked).
  ast::FunctionDef *fn = nullptr;
  llvm::StringMap<ast::VarDecl *> vars;
  llvm::StringSet<> assignedNames;
  /// Tuple-valued locals and their number of elements (each element is the
  /// hidden local `name[i]`, SemaTuple.cpp).
  llvm::StringMap<size_t> tupleLocals;
  /// Names assigned by more than one statement (index-object, array and
  /// AtomicRef locals must be assigned by exactly one).
  llvm::StringMap<unsigned> assignmentCounts;
  /// Constant[T] parameters of the function: typed literals.
  llvm::StringMap<const ast::Expr *> paramConstants;
  unsigned loopDepth = 0;
  bool sawBareReturn = false;
  /// The unified types of the function's unannotated locals found by its
  /// previous check, and those that this check found wider, with the
  /// errors to report if the function cannot be checked again.
  llvm::StringMap<Type> unifiedLocals;
  llvm::StringMap<Type> widenedLocals;
  std::vector<std::pair<SourceLoc, std::string>> pendingUnifyErrors;
  /// The warnings of the function being checked (warning()).
  std::vector<std::pair<SourceLoc, std::string>> pendingWarnings;
  /// Functions being checked, each called from the one before: checking
  /// recurses along a call chain, each level through `stack`. The chain's
  /// length is bounded too (one error), so that a pathological module
  /// cannot take unbounded time and memory.
  unsigned callDepth = 0;
  bool reportedCallDepth = false;
  static constexpr unsigned kMaxCallDepth = 500;
  StackBudget stack;

  llvm::StringMap<const ast::ConstantDef *> constants;
  llvm::StringSet<> ignoredNames;
  /// Module-level compile-time strings and types, and the names bound to
  /// another name at module level (`square = sq`, resolved to functions
  /// by bindFunctionAliases) (SemaCompileTime.cpp).
  llvm::StringMap<std::string> stringConstants;
  llvm::StringMap<ast::TypeValue> typeConstants;
  llvm::StringMap<std::string> nameAliases;
  llvm::StringMap<ast::FunctionDef *> functions;
  /// Specializations of generic device functions, by key.
  llvm::StringMap<ast::FunctionDef *> instances;
  bool inModuleConstant = false;
  /// While checking the signature of a device function's specialization:
  /// per parameter, the type of a generic one and the value of a Constant
  /// one (already converted to its type).
  const std::vector<Type> *instanceTypes = nullptr;
  const std::vector<std::optional<ConstantValue>> *instanceConstants = nullptr;
};

} // namespace detail
} // namespace kiln

#endif // KILN_FRONTEND_SEMA_H
