#!/bin/sh
# make menuconfig without a person: lab/kernel/menuconfig.sh --edit runs the
# kernel's scripts/config where the menus would be. It turns
# SLUB_CPU_PARTIAL off on series-rt-raw-debug (whose cpu-partial fragment
# turns it on), and the next build's configure step (lab/kernel/configure.sh, what
# lab/kernel/build.sh runs first) must have it off and keep the rest. Also: a
# change that drops a fragment's option is refused by name, a local
# fragment line the tree drops fails the build, and turning the option back
# on removes the fragment, and the tinyconfig configure.sh keeps is what
# make tinyconfig writes. Fragments and build folders are scratch ones.
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
mkdir -p build
scratch=$(mktemp -d "$PWD/build/test-menuconfig.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export LAB_LOCAL="$scratch/local" LAB_OBJ="$scratch/obj"
v=series-rt-raw-debug
frag=$LAB_LOCAL/$v.config

t_says "menuconfig: SLUB_CPU_PARTIAL turned off on $v is saved, with how to undo" \
	"To undo: rm $frag\$" \
	sh lab/kernel/menuconfig.sh --edit '--disable SLUB_CPU_PARTIAL' $v
t_says "the saved fragment is that one line" '^# CONFIG_SLUB_CPU_PARTIAL is not set$' \
	sh -c "grep -E '^(# )?CONFIG_' '$frag' && test \$(grep -c -E '^(# )?CONFIG_' '$frag') = 1"
t_says "its boot variants use it too, in a build folder of their own" \
	"^build=$LAB_OBJ/series-guest-rt-raw-list-lock-cpu-partial-debug-slub-bench-local\$" \
	sh lab/kernel/variants.sh $v-nomerge
# shellcheck disable=SC2016
next_config='c=$(sh lab/kernel/configure.sh '$v') && grep -x "# CONFIG_SLUB_CPU_PARTIAL is not set" "$c" &&
	grep -x -e CONFIG_SLUB_RAW_LIST_LOCK=y -e CONFIG_PREEMPT_RT=y -e CONFIG_PROVE_RAW_LOCK_NESTING=y "$c" | wc -l | grep -qx 3'
t_ok "the next build's .config has it off, and the rest of the variant (RT, raw list_lock, lockdep)" \
	sh -c "$next_config"

t_refuses "a change that drops an option of the fragments is refused by name" \
	"'CONFIG_SLUB_KUNIT_TEST=y' did not survive olddefconfig" \
	sh lab/kernel/menuconfig.sh --edit '--disable KUNIT' $v
t_says "and the saved fragment stays as it was" '^# CONFIG_SLUB_CPU_PARTIAL is not set$' \
	sh -c "grep -E '^(# )?CONFIG_' '$frag' && test \$(grep -c -E '^(# )?CONFIG_' '$frag') = 1"

cp "$frag" "$scratch/kept"
echo 'CONFIG_NO_SUCH_OPTION=y' >>"$frag"
t_refuses "a local fragment line that does not survive olddefconfig fails the build's configure, named" \
	"$frag:4: 'CONFIG_NO_SUCH_OPTION=y' did not survive" sh lab/kernel/configure.sh $v
cp "$scratch/kept" "$frag"

t_says "turning it back on removes the fragment" "removed $frag" \
	sh lab/kernel/menuconfig.sh --edit '--enable SLUB_CPU_PARTIAL' $v
t_says "and the variant is the declared build again" \
	"^build=$LAB_OBJ/series-guest-rt-raw-list-lock-cpu-partial-debug-slub-bench\$" \
	sh -c "test ! -e '$frag' && sh lab/kernel/variants.sh $v"

# configure.sh copies tinyconfig's .config from a file kept for each state
# of the tree's Kconfig files and compiler: it must be what make tinyconfig
# writes now.
# shellcheck disable=SC2016
t_ok "configure's kept tinyconfig is what make tinyconfig writes" sh -c '
	kept=$(sh lab/kernel/configure.sh --out "$1/tiny-kept" --no-local "$2" 2>&1 >/dev/null | sed -n "s/.*tinyconfig: //p") &&
	[ -f "$kept" ] && make -s -C build/src/series O="$1/tiny-fresh" tinyconfig >/dev/null && cmp "$kept" "$1/tiny-fresh/.config"' \
	- "$scratch" $v
