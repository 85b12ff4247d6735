#!/bin/sh
# variants.sh [--check | NAME...]: list every declared variant with its
# description, or only the names make check boots (--check), or show what
# NAME resolves to (tree, fragments, kernel command line, build folder).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="variants.sh [--check | NAME...]"

# no_duplicates: a name declared two ways (a build and a boot line, or two
# boot lines) would make one of them unreachable. Both listings refuse it,
# among all the variants, not only those --check lists.
no_duplicates() {
	_names=$(variant_names)
	_dup=$(printf '%s\n' "$_names" | sort | uniq -d)
	[ -z "$_dup" ] || die "declared more than once:" $_dup
}

case ${1:-} in
--check)
	[ $# -eq 1 ] || usage_die "--check takes no names"
	no_duplicates
	variant_names --check
	exit 0
	;;
-*) usage_die "unknown option $1" ;;
esac
if [ $# -eq 0 ]; then
	no_duplicates
	for n in $(variant_names); do
		load_variant "$n"
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
	echo "numa=$V_NUMA"
	echo "config=$V_CONFIG"
	[ -z "$V_LOCAL" ] || echo "local=$V_LOCAL"
	echo "build=$V_OBJ"
done
