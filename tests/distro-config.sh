#!/bin/sh
# Debian's configuration as a lab build, configured only (no compile):
# series-rt-debian starts from Debian's amd64 RT configuration (package
# linux-config-6.12) plus configs/distro.config. Debug info and module
# signing must be off, Debian's own SLUB choices (per-CPU partial slabs
# and merging, which it sets explicitly) kept over the series' defaults,
# and a Debian configuration that builds something the guest needs as a
# module is refused by name. Build folders are scratch ones.
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
. lab/lib/common.sh
v=series-rt-debian
deb=$LAB_DEBIAN_CONFIGS/config.amd64_rt_amd64.xz
if [ ! -f "$deb" ]; then
	t_skip "Debian's RT configuration as a lab build" "no $deb (make deps installs linux-config-6.12)"
	exit 0
fi
mkdir -p build
scratch=$(mktemp -d "$PWD/build/test-distro.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
c=$scratch/obj/.config

t_ok "Debian's RT configuration configures as $v" sh lab/kernel/configure.sh --out "$scratch/obj" --no-local $v
t_says "debug info and module signing (and the lockdown LSM that selects it) are off" \
	'^# CONFIG_MODULE_SIG is not set # CONFIG_SECURITY_LOCKDOWN_LSM is not set CONFIG_DEBUG_INFO_NONE=y $' \
	sh -c "grep -x -e 'CONFIG_DEBUG_INFO_NONE=y' -e '# CONFIG_SECURITY_LOCKDOWN_LSM is not set' \
		-e '# CONFIG_MODULE_SIG is not set' '$c' | tr '\n' ' '"
t_says "Debian's own choices stay: RT, per-CPU partial slabs and merging on" \
	'^CONFIG_PREEMPT_RT=y CONFIG_SLAB_MERGE_DEFAULT=y CONFIG_SLUB_CPU_PARTIAL=y $' \
	sh -c "grep -x -e 'CONFIG_PREEMPT_RT=y' -e 'CONFIG_SLAB_MERGE_DEFAULT=y' -e 'CONFIG_SLUB_CPU_PARTIAL=y' '$c' | tr '\n' ' '"
mkdir -p "$scratch/deb"
xz -dc "$deb" | sed 's/^CONFIG_SERIAL_8250=y$/CONFIG_SERIAL_8250=m/' | xz -0 >"$scratch/deb/config.amd64_rt_amd64.xz"
t_refuses "a configuration that builds what the guest needs as a module is refused" \
	'CONFIG_SERIAL_8250 is not built in, and the guest needs it' \
	env LAB_DEBIAN_CONFIGS="$scratch/deb" sh lab/kernel/configure.sh --out "$scratch/obj2" --no-local $v
