#!/bin/sh
# variants.sh [NAME...]: list the declared variants, or show what NAME
# resolves to (tree, fragments, kernel command line, build folder).
set -eu
. "$(dirname "$0")/lib.sh"
if [ $# -eq 0 ]; then
	for f in "$VARIANT_DIR"/*.variant; do
		n=${f##*/}
		load_variant "${n%.variant}"
		printf '%-34s %s\n' "$V_NAME" "$V_DESC"
	done
	exit 0
fi
for n in "$@"; do
	load_variant "$n"
	echo "variant=$V_NAME"
	echo "tree=$V_TREE"
	echo "fragments=$V_FRAGMENTS"
	echo "cmdline=$V_CMDLINE"
	# shellcheck disable=SC2086
	echo "build=$(obj_dir "$V_TREE" $V_FRAGMENTS)"
done
