#!/bin/sh
# bisect-build.sh: compile every prefix of patches/series with each of a set
# of configurations that turn the series' options on and off, so that every
# patch builds on its own. For each prefix it compiles mm/slub.o and every
# kernel .c file the newest patch touches (where the configuration builds
# it), and syntax-checks the selftests it touches. A compiler warning in
# one of those objects counts as a failure.
#
# With --sheaves, the same for the 7.x series (patches-7.3/ in
# build/src/sheaves, on Debian's 7.3) in its own configurations.
#
# LAB_BISECT_CONFIGS: configurations as fragment lists separated by ';'.
# LAB_BISECT_FROM: the first patch to compile (1 by default), for a
# series whose earlier patches did not change since they last passed.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="bisect-build.sh [--sheaves]"
case $# in
0) tree=series ;;
1)
	[ "$1" = --sheaves ] || usage_die "unknown argument '$1'"
	tree=sheaves
	;;
*) usage_die "expected at most --sheaves" ;;
esac
from=${LAB_BISECT_FROM:-1}
case $from in '' | *[!0-9]* | 0*) usage_die "LAB_BISECT_FROM='$from': expected a patch number from 1" ;; esac
if [ $tree = sheaves ]; then
	configs=${LAB_BISECT_CONFIGS:-guest rt debug debug-7;guest rt raw-list-lock debug debug-7;guest rt bench;guest nonrt debug debug-7;guest nonrt no-slub-debug}
	sh "$LAB_ROOT/lab/series/tree.sh" sheaves
	src=$(tree_dir sheaves)
	# make_mainline commits the tarball as the root commit of its branch.
	base=$(git -C "$src" rev-list --max-parents=0 HEAD)
else
	configs=${LAB_BISECT_CONFIGS:-guest rt raw-list-lock cpu-partial debug slub-bench;guest rt;guest nonrt debug slub-bench;guest nonrt no-slub-debug}
	sh "$LAB_ROOT/lab/series/tree.sh" series
	src=$(tree_dir series)
	base=$(upstream_commit)
fi
commits=$(git -C "$src" rev-list --reverse "$base..HEAD")
[ -n "$commits" ] || die "the series is empty"
[ "$from" -le "$(echo "$commits" | wc -l)" ] || die "LAB_BISECT_FROM=$from: the series has $(echo "$commits" | wc -l) patches"
wt=$LAB_WORK/src/bisect-$tree
git -C "$src" worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
git -C "$src" worktree prune
git -C "$src" worktree add -q --detach "$wt" "$base"
trap 'git -C "$src" worktree remove --force "$wt" 2>/dev/null || true' EXIT

# configured OBJECT DOTCONFIG: the object is built in this configuration,
# going by the obj-y or obj-$(CONFIG_...) line of its folder's Makefile.
configured() {
	_mk=$wt/${1%/*}/Makefile
	_line=$(grep -E "^obj-.*[[:space:]]${1##*/}\$|^obj-.*[[:space:]]${1##*/}[[:space:]]" "$_mk" | head -n 1)
	case $_line in
	obj-y*) return 0 ;;
	'obj-$(CONFIG_'*)
		_sym=${_line#obj-\$(}
		_sym=${_sym%%)*}
		grep -q "^$_sym=[ym]" "$2"
		;;
	'') return 0 ;; # listed on a continuation line: assume it is built
	*) return 1 ;;
	esac
}

kbuild_opts # KCC, KHOSTCC, KJOBS: the compilers and job count of kernel makes
out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-bisect-build
mkdir -p "$out"
ok=0 bad=0 n=0
for c in $commits; do
	n=$((n + 1))
	[ "$n" -ge "$from" ] || continue
	git -C "$wt" checkout -q "$c"
	subject=$(git -C "$wt" log -1 --format=%s "$c")
	files=$(git -C "$wt" show --format= --name-only "$c")
	objs=mm/slub.o
	for f in $files; do
		case $f in
		tools/*) ;;
		*.c) [ "$f" = mm/slub.c ] || objs="$objs ${f%.c}.o" ;;
		esac
	done
	echo "== $n: $subject"
	echo "$configs" | tr ';' '\n' | while read -r frags; do
		[ -n "$frags" ] || continue
		name=$(echo "$frags" | tr ' ' '-')
		obj=$LAB_OBJ/bisect-$([ $tree = series ] || echo "$tree-")$name
		mkdir -p "$obj"
		list=
		for f in $frags; do list="$list $CONFIG_DIR/$f.config"; done
		log=$out/$n-$name.log
		# Kconfig changes along the series: configure every prefix anew.
		# shellcheck disable=SC2086
		if ! { make -s -C "$wt" O="$obj" CC="$KCC" HOSTCC="$KHOSTCC" tinyconfig &&
			sed -i -e '/^CONFIG_SLUB_TINY=/d' -e '/^CONFIG_SLAB_MERGE_DEFAULT=/d' "$obj/.config" &&
			(cd "$obj" && "$wt/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $list) &&
			make -s -C "$wt" O="$obj" CC="$KCC" HOSTCC="$KHOSTCC" olddefconfig; } >"$log" 2>&1; then
			echo "FAIL: [$frags] configure (see $log)"
			echo fail >>"$out/counts"
			continue
		fi
		res=ok built=
		for o in $objs; do
			configured "$o" "$obj/.config" || continue
			built="$built $o"
			make -s -C "$wt" O="$obj" CC="$KCC" HOSTCC="$KHOSTCC" -j"$KJOBS" "$o" >>"$log" 2>&1 || res=fail
		done
		# A compiler warning in a patched object fails the build too.
		if grep -E '\.[ch]:[0-9]+:[0-9]+: (warning|error):' "$log" | head -5 | grep .; then
			res=fail
		fi
		echo "$res: [$frags]$built"
		echo "$res" >>"$out/counts"
	done
	for f in $files; do
		case $f in
		tools/testing/selftests/*.c)
			if gcc -fsyntax-only -Wall -Wextra -Werror -I "$wt/tools/testing/selftests" "$wt/$f"; then
				echo "ok: selftest $f"
				echo ok >>"$out/counts"
			else
				echo "FAIL: selftest $f"
				echo fail >>"$out/counts"
			fi
			;;
		esac
	done
done
ok=$(grep -c '^ok$' "$out/counts" || true)
bad=$(grep -c '^fail$' "$out/counts" || true)
echo "bisect-build: patches $from to $n; $ok builds passed, $bad failed; logs in $out"
[ "$bad" = 0 ]
