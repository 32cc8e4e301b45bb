#!/usr/bin/env bash
# Checks that every C/C++/CUDA file of the tree is formatted as .clang-format
# (LLVM style) says. usage: check-format.sh [--fix]
# Prints each file that differs and exits 1 if any does; --fix rewrites them.
# clang-format-22 (Debian package, installed by scripts/setup.sh) is the
# reference: other versions format a few constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${KILN_CLANG_FORMAT:-clang-format-22}
if ! command -v "$tool" >/dev/null; then
  echo "check-format: $tool not found (bash scripts/setup.sh installs it)" >&2
  exit 2
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- '*.c' '*.cc' '*.cpp' '*.h' '*.hpp' '*.cu')
else
  mapfile -t files < <(find bench compiler dialects examples runtime test tools \
    -type f \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.h' \
    -o -name '*.hpp' -o -name '*.cu' \) | sort)
fi
if [ "${1:-}" = "--fix" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 "$tool" -i
  echo "check-format: formatted ${#files[@]} files"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  if ! "$tool" --dry-run -Werror "$f" >/dev/null 2>&1; then
    bad+=("$f")
  fi
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "check-format: ${#bad[@]} of ${#files[@]} files differ from .clang-format:"
  printf '  %s\n' "${bad[@]}"
  echo "check-format: run bash scripts/check-format.sh --fix"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
