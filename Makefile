# The lab's entry points. README.md documents them.
#   make check   lab self-tests, then build, boot and test the series (CI)
#   make bench   the benchmark (see README)
SH = sh
# build and boot default to series-rt-debug; menuconfig and hackbench want
# a variant named.
VARIANT ?=
JOB ?= guest/jobs/check.sh
# REPEATS and ARGS (make hackbench) have their defaults in lab/bench/hackbench.sh;
# they are passed on only when set.

.PHONY: all check check-quick check-full check-distro check-sheaves bench deb rt-eval deps tree mainline series sheaves export-sheaves verify-sheaves checkpatch-sheaves export-series verify-series checkpatch bisect-build mutation kunit-uml build boot menuconfig hackbench lab-tests lava-jobs lava-run help

all: help

help:
	@echo "make check                 lab self-tests + build, boot and test the series (RT + lockdep)"
	@echo "make check-quick           the edit loop: lab tests, series round trip, checkpatch, one RT raw-lock debug boot"
	@echo "make check-full            make check and its long cases: mutations, kunit-uml, README's walkthrough, menuconfig and Debian-config tests, plain RT's wrong-context boot"
	@echo "make check-distro          Debian's RT configuration + lockdep, series and plain 6.12, on 2 NUMA nodes (two ~40-min builds)"
	@echo "make check-sheaves         the 7.x series (patches-7.3/): verify, checkpatch, RT (spinlock_t and raw list_lock) and non-RT lockdep boots with the stress cases, wrong-context boots, mutations (three builds, 10-16 min each cold)"
	@echo "make bench [BENCH_ARGS=...] benchmark variants side by side (lab/bench/bench.sh)"
	@echo "make bench BENCH_ARGS=--galbraith  Galbraith's list_lock table: RT base, RT series spinlock_t and raw, non-RT series"
	@echo "make bench BENCH_ARGS=--latency  the latency guard: longest interrupts-off sections, SLUB's and others (lab/bench/latency.sh)"
	@echo "make deb VARIANT=series-rt-debian|base-rt-debian [DEB_ARGS=--full]  Debian packages of the kernel (trimmed modules; --full: all)"
	@echo "make rt-eval [KERNELS='base=a.deb series=b.deb'] [RT_EVAL_ARGS='--duration 10m']  rt-eval on kernel packages (default: make deb's pair) in a Debian image under QEMU"
	@echo "make deps                  install the Debian packages the lab needs"
	@echo "make series                base tree + patches/ applied (build/src/series)"
	@echo "make mainline              Debian's 7.3 (sheaves) unpacked and committed (build/src/mainline), for the mainline variants"
	@echo "make sheaves               the 7.x series (patches-7.3/) applied on mainline in build/src/sheaves, for the sheaves variants"
	@echo "make export-sheaves        write build/src/sheaves' commits back into patches-7.3/ (then verify-sheaves)"
	@echo "make verify-sheaves        check that a fresh apply of patches-7.3/ reproduces build/src/sheaves"
	@echo "make checkpatch-sheaves    checkpatch --strict on every patch of patches-7.3/"
	@echo "make export-series         series tree commits -> patches/ (and verify)"
	@echo "make verify-series         a fresh apply of patches/ reproduces the series tree"
	@echo "make checkpatch            scripts/checkpatch.pl --strict on every patch"
	@echo "make bisect-build          compile every prefix of the series, options on and off"
	@echo "make bisect-build BISECT_ARGS=--sheaves  the same for the 7.x series (patches-7.3/)"
	@echo "make mutation              deliberately broken kernels (tests/mutations/) must fail the check"
	@echo "make mutation MUTATION_ARGS=--sheaves  the same for the 7.x series (tests/mutations-7.3/, sheaves-rt-debug)"
	@echo "make kunit-uml             slub_kunit under the kernel's own KUnit runner (kunit.py, UML)"
	@echo "make kunit-uml KUNIT_ARGS=--sheaves  the same for the 7.x series (patches-7.3/)"
	@echo "make build VARIANT=name    build one variant (variants/*.variant)"
	@echo "make boot VARIANT=name JOB=guest/jobs/check.sh [APPEND='params']"
	@echo "make menuconfig VARIANT=name [EDIT='scripts/config args']  change a variant's config (saved in local/)"
	@echo "make hackbench VARIANT=name [APPEND='params'] [ARGS='-s 4096 -l 500 -g 4'] [REPEATS=5]"
	@echo "make lab-tests             the lab's own tests only (no kernel build)"
	@echo "make lava-jobs [LAVA_ARGS='--url BASE VARIANT...']  LAVA jobs for built variants (default: the check matrix)"
	@echo "make lava-run VARIANT=name  run one variant's LAVA job with Debian's lava-dispatcher, and its verdict"

deps:
	$(SH) lab/setup/deps.sh

check: deps
	$(SH) lab/check/check.sh

check-quick: deps
	$(SH) lab/check/check.sh --quick

check-full: deps
	$(SH) lab/check/check.sh --full

check-distro: deps
	$(SH) lab/check/check-distro.sh

check-sheaves: deps
	$(SH) lab/check/check-sheaves.sh

lava-jobs: deps
	$(SH) lab/farm/lava-jobs.sh $(LAVA_ARGS)

lava-run: deps
	$(SH) lab/farm/lava-run.sh $(VARIANT)

bench: deps
	$(SH) lab/bench/bench.sh $(BENCH_ARGS)

deb: deps
	$(SH) lab/kernel/deb.sh $(DEB_ARGS) $(VARIANT)

rt-eval: deps
	$(SH) lab/rt-eval/run.sh $(RT_EVAL_ARGS) $(KERNELS)

tree: deps
	$(SH) lab/series/tree.sh base

series: deps
	$(SH) lab/series/tree.sh series

mainline: deps
	$(SH) lab/series/tree.sh mainline

sheaves: deps
	$(SH) lab/series/tree.sh sheaves

export-sheaves:
	$(SH) lab/series/tree.sh sheaves export

verify-sheaves:
	$(SH) lab/series/tree.sh sheaves verify

checkpatch-sheaves: deps
	$(SH) lab/series/checkpatch.sh sheaves

export-series:
	$(SH) lab/series/tree.sh export

verify-series:
	$(SH) lab/series/tree.sh verify

checkpatch: deps
	$(SH) lab/series/checkpatch.sh

bisect-build: deps
	$(SH) lab/series/bisect-build.sh $(BISECT_ARGS)

mutation: deps
	$(SH) lab/check/mutation.sh $(MUTATION_ARGS)

kunit-uml: deps
	$(SH) lab/check/kunit-uml.sh $(KUNIT_ARGS)

build: deps
	$(SH) lab/kernel/build.sh $(or $(VARIANT),series-rt-debug)

boot: deps
	$(SH) lab/run/boot.sh --append "$(APPEND)" $(or $(VARIANT),series-rt-debug) $(JOB)

menuconfig: deps
	$(SH) $(strip lab/kernel/menuconfig.sh $(if $(EDIT),--edit '$(EDIT)') $(VARIANT))

hackbench: deps
	$(SH) lab/bench/hackbench.sh --append "$(APPEND)"$(if $(REPEATS), --repeats "$(REPEATS)")$(if $(ARGS), --args "$(ARGS)") $(VARIANT)

lab-tests:
	$(SH) tests/run.sh --quick
