#!/bin/sh
# config-check.sh [--may-lack 'SYMBOL...'] DOTCONFIG FRAGMENT...
# Every option the fragments set must have survived olddefconfig: an option
# Kconfig dropped (unmet dependency, typo, out-of-range value) is named and
# the check fails. As with merging, a later fragment's line for a symbol
# overrides an earlier one's. --may-lack names the symbols (without
# CONFIG_) a tree is declared not to have (a variant's lacks=, as 7.3's
# mainline has no per-CPU partial slabs): one of those that did not
# survive is named as missing from the tree, and the check goes on.
set -eu
usage="usage: config-check.sh [--may-lack 'SYMBOL...'] DOTCONFIG FRAGMENT..."
may_lack=
if [ "${1:-}" = --may-lack ]; then
	[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
	may_lack=$2
	shift 2
fi
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
conf=$1
shift
[ -f "$conf" ] || { echo "config-check: no such file: $conf" >&2; exit 2; }
for frag in "$@"; do
	[ -f "$frag" ] || { echo "config-check: missing fragment file $frag" >&2; exit 2; }
done

# One line per symbol: "SYMBOL<TAB>WANTED-LINE<TAB>FILE:LINE", last one wins.
wanted=$(awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { sym = $0; sub(/=.*/, "", sym) }
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { sym = $2 }
	/^CONFIG_[A-Za-z0-9_]+=/ || /^# CONFIG_[A-Za-z0-9_]+ is not set$/ {
		if (!(sym in line)) order[n++] = sym
		line[sym] = $0; where[sym] = FILENAME ":" FNR
	}
	END { for (i = 0; i < n; i++) print order[i] "\t" line[order[i]] "\t" where[order[i]] }
' "$@")

bad=0
tab=$(printf '\t')
while IFS="$tab" read -r sym want where; do
	[ -n "$sym" ] || continue
	case $want in
	'# '*) grep -q "^$sym=" "$conf" || continue ;;
	*) grep -qxF -- "$want" "$conf" && continue ;;
	esac
	now=$(grep -E "^$sym=|^# $sym is not set" "$conf" || echo "$sym absent")
	case " $may_lack " in
	*" ${sym#CONFIG_} "*)
		echo "config-check: $where: '$want': this tree does not have it, as declared (now: $now)" >&2
		continue
		;;
	esac
	echo "config-check: $where: '$want' did not survive olddefconfig (now: $now)" >&2
	bad=1
done <<EOF2
$wanted
EOF2
exit $bad
