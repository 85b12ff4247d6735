#!/bin/sh
# checkpatch.sh [sheaves]: scripts/checkpatch.pl --strict on every patch of
# patches/series, with the base tree's checkpatch; with "sheaves", of
# patches-7.3/series, with mainline's. Fails on any error or warning;
# checks are printed but do not fail.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="checkpatch.sh [sheaves]"
case $# in
0) sh "$LAB_ROOT/lab/series/tree.sh" base ;;
1)
	[ "$1" = sheaves ] || usage_die "unknown series '$1' (sheaves, or none for patches/)"
	sh "$LAB_ROOT/lab/series/tree.sh" mainline
	BASE_TREE=$MAINLINE_TREE PATCH_DIR=$SHEAVES_PATCH_DIR
	;;
*) usage_die "expected at most one argument" ;;
esac
# checkpatch runs spdxcheck.py with python3 from PATH; Debian's python3-ply
# is only visible to Debian's python3.
PATH=/usr/bin:$PATH
# The base tree is one commit without history, where no Fixes: id can be
# looked up: UNKNOWN_COMMIT_ID would flag every one.
bad=0 n=0
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCH_DIR/series"); do
	n=$((n + 1))
	out=$(cd "$BASE_TREE" && perl scripts/checkpatch.pl --strict -q \
		--ignore UNKNOWN_COMMIT_ID \
		"$PATCH_DIR/$p" 2>&1) || true
	if printf '%s\n' "$out" | grep -q -E '^(ERROR|WARNING):'; then
		echo "FAIL: $p"
		bad=$((bad + 1))
	else
		echo "ok: $p"
	fi
	[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/    /'
done
echo "checkpatch: $n patch(es), $bad with errors or warnings"
[ $bad = 0 ]
