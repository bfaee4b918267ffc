# The whole set-up is `make serve` and `make test`; each target builds .venv/ first.
# Run `make help` for the list.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# torch is installed alone, first, at the version pyproject.toml pins, so that no
# other requirement can pull a different (multi-GB CUDA) build.
TORCH_PIN := $(shell sed -n 's/^ *"\(torch==[^"]*\)".*/\1/p' pyproject.toml)
# Extra pip arguments for the torch install only (the GitHub workflow points it at the CPU wheel index).
TORCH_PIP_ARGS ?=
# The kept venv of an older torchrl the commands are tested in (`make release-venv`, below).
RELEASE_TORCHRL ?= 0.13.3
RELEASE_VENV := .cache/venv-torchrl-$(RELEASE_TORCHRL)
RELEASE_STAMP := $(RELEASE_VENV)/.installed-stamp
RELEASE_PROJECT_STAMP := $(RELEASE_VENV)/.project-stamp
SNAPSHOT_TORCH ?= 2.13.0

export OMP_NUM_THREADS := 1
export NO_MKDOCS_2_WARNING := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# Builds from make are local unless SITE_URL says where the site is served (the Pages workflow
# sets it): without SITE_URL or LOCAL_BUILD=1 the build refuses a sitemap at 127.0.0.1.
export LOCAL_BUILD ?= 1

.DEFAULT_GOAL := help
.PHONY: help serve build test bench clean outputs records curves curve-plots capture-mismatch sota-data sota-verify sota-compose fix-history fix-history-verify troubleshooting-accept parity-accept api-snapshot release-venv skill

help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-18s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo "The first target creates .venv/: about 5.8 GB and 2 minutes (PyPI's torch 2.14.1 is its CUDA build; it runs on the CPU)." 

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet $(TORCH_PIP_ARGS) "$(TORCH_PIN)"
	$(PY) -m pip install --quiet -e ".[site,test]"
	@touch $@

serve: $(STAMP) ## Serve the site with live reload on http://127.0.0.1:8000
	@echo "Local build: links and the sitemap point at http://127.0.0.1:8000/"
	$(PY) -m mkdocs serve --dirty --dev-addr 127.0.0.1:8000

build: $(STAMP) ## Strict build of the site into site/ (with site/inventory.json)
	@echo "$${SITE_URL:+Build for $$SITE_URL}$${SITE_URL:-Local build: links and the sitemap point at http://127.0.0.1:8000/ (set SITE_URL for a deployed site)}"
	@# MkDocs' `mkdocs build`, ending without the interpreter's teardown of torch (tools/site/build_command.py).
	$(PY) -m tools.site.build_command --strict --site-dir site

skill: $(STAMP) ## Write the agent skill into site/skill/objectives-and-training/ and site/skill.zip (every build does too)
	$(PY) -m tools.cli.skill --site-dir site

test: $(STAMP) ## Run every test: import contract, code style, types, code blocks, snippets, strict build, links, browser
	@# The torchrl $(RELEASE_TORCHRL) venv (mostly download and unpacking, little CPU) is built beside the checks
	@# and the tests; the tests that use it run last and wait for it (tests/support/release_venv.py).
	@mkdir -p .cache && rm -f .cache/release-venv.rc
	@( $(MAKE) --no-print-directory release-venv > .cache/release-venv.log 2>&1; echo $$? > .cache/release-venv.rc ) & echo $$! > .cache/release-venv.pid
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n 2 --dist loadgroup

bench: $(STAMP) ## Time the build, live reload and tests into bench/latest.json (BENCH_RUNS=3, BENCH_SKIP_TESTS=1 for a quick run; README)
	$(PY) -m bench.run

records: $(STAMP) ## Measure again the record sets kept in outputs/records/ (what torchrl does on tiny networks), where stale
	$(PY) -m tools.cli.records

outputs: $(STAMP) ## Re-run the examples whose output pages show, and the recipes under the probe, where stale (outputs/; PATHS="a.py b.py" for some)
	$(PY) -m tools.cli.outputs $(PATHS)

# The SOTA map: data/sota.json is read from a commit of a pytorch/rl git directory (a bare clone, kept by make clean:
# `git clone --bare https://github.com/pytorch/rl .mirrors/pytorch-rl.git`, or SOTA_MIRROR=<git dir>).
# Only the three folders the scanner reads are exported.
SOTA_MIRROR ?= .mirrors/pytorch-rl.git
SOTA_COMMIT ?= $(shell $(PYTHON) -c 'import json; print(json.load(open("data/sota.json"))["commit"])' 2>/dev/null)
SOTA_CHECKOUT := .cache/sota-checkout
SOTA_FOLDERS := sota-implementations sota-check .github/unittest/linux_sota
define sota_scan
	@git --git-dir=$(SOTA_MIRROR) rev-parse --git-dir >/dev/null 2>&1 || { echo "error: SOTA_MIRROR=$(SOTA_MIRROR) is not a git directory of pytorch/rl; clone one with 'git clone --bare https://github.com/pytorch/rl $(SOTA_MIRROR)' or pass SOTA_MIRROR=<git dir>" >&2; exit 1; }
	rm -rf $(SOTA_CHECKOUT) && mkdir -p $(SOTA_CHECKOUT)
	git --git-dir=$(SOTA_MIRROR) archive $(SOTA_COMMIT) $(SOTA_FOLDERS) | tar x -C $(SOTA_CHECKOUT)
	$(PY) -m tools.wings.sota_scanner $(SOTA_CHECKOUT) --commit $$(git --git-dir=$(SOTA_MIRROR) rev-parse $(SOTA_COMMIT)) -o $(1)
	rm -rf $(SOTA_CHECKOUT)
endef

sota-data: $(STAMP) ## Re-read data/sota.json from a pytorch/rl mirror (SOTA_MIRROR=git dir, SOTA_COMMIT=sha; default: the recorded one)
	$(call sota_scan,data/sota.json)
	$(PY) -m tools.wings.sota_scanner.compose

sota-verify: $(STAMP) ## Re-scan the recorded commit and check data/sota.json is reproduced byte for byte (needs the mirror)
	$(call sota_scan,.cache/sota-rescan.json)
	cmp data/sota.json .cache/sota-rescan.json && echo "data/sota.json reproduced byte for byte"

sota-compose: $(STAMP) ## Compose the *_trainer configs of data/sota.json with Hydra (data/captured/sota-compositions.json)
	$(PY) -m tools.wings.sota_scanner.compose

# The fix history: every [BugFix] commit of pytorch/rl that changed the covered code, read from the
# same git directory as the SOTA map (FIX_MIRROR=<git dir>) into data/fix-history.json.
FIX_MIRROR ?= $(SOTA_MIRROR)
FIX_COMMIT ?= $(shell $(PYTHON) -c 'import json; print(json.load(open("data/fix-history.json"))["commit"])' 2>/dev/null)

fix-history: $(STAMP) ## Re-read data/fix-history.json from a pytorch/rl mirror (FIX_MIRROR=git dir, FIX_COMMIT=sha; default: the recorded one)
	$(PY) -m tools.wings.fix_scanner $(FIX_MIRROR) --commit $(or $(FIX_COMMIT),HEAD) -o data/fix-history.json

fix-history-verify: $(STAMP) ## Re-scan the recorded commit and check data/fix-history.json is reproduced byte for byte (needs the mirror)
	@mkdir -p .cache
	$(PY) -m tools.wings.fix_scanner $(FIX_MIRROR) --commit $(FIX_COMMIT) -o .cache/fix-history-rescan.json
	cmp data/fix-history.json .cache/fix-history-rescan.json && echo "data/fix-history.json reproduced byte for byte"

JOBS ?= 1
curves: $(STAMP) ## Train each recipe family over 3 seeds into outputs/curves/, then draw its plot (FAMILY=ppo for one, JOBS=2; resumes)
	$(PY) -m tools.wings.curve_trainer $(if $(FAMILY),--family $(FAMILY)) --jobs $(JOBS)

curve-plots: $(STAMP) ## Redraw the learning-curve plots (outputs/curves/<family>/curve.svg) from the committed runs
	$(PY) -m tools.wings.curve_trainer --plots $(if $(FAMILY),--family $(FAMILY))

# torchrl's compiled extension only loads with the torch it was built for; this records
# what users see with another one, for the troubleshooting page. Needs no project venv.
MISMATCH_TORCH ?= 2.13.0
MISMATCH_VENV := .cache/mismatch-venv
TORCHRL_PINS := $(shell sed -n 's/^ *"\(\(torchrl\|tensordict\)==[^"]*\)".*/\1/p' pyproject.toml)
capture-mismatch: ## Record torchrl's extension error under another torch (MISMATCH_TORCH=2.13.0; throwaway venv, ~1 GB)
	rm -rf $(MISMATCH_VENV)
	$(PYTHON) -m venv $(MISMATCH_VENV)
	$(MISMATCH_VENV)/bin/pip install --quiet "torch==$(MISMATCH_TORCH)"
	$(MISMATCH_VENV)/bin/pip install --quiet $(TORCHRL_PINS)
	$(MISMATCH_VENV)/bin/python tools/versions/facts/extension.py > data/captured/extension-mismatch.json
	rm -rf $(MISMATCH_VENV)

# An older release's API facts, for the upgrade notes: tools/wings/api_snapshot.py makes a throwaway venv
# (torch alone first, a CPU build; the tensordict range the release's wheel requires; the pinned hydra-core),
# runs `python -m tools.torchrl.snapshot` there (the project root on that process's path, nothing installed)
# with every fixed-upstream block and the "before" halves of the migrations from that release, and deletes
# the venv. Needs no project venv.
api-snapshot: ## Snapshot an older torchrl's API into data/snapshots/ (RELEASE=0.13.3; a throwaway venv of about a gigabyte)
	@test -n "$(RELEASE)" || { echo "error: name the release, e.g. make api-snapshot RELEASE=0.13.3" >&2; exit 2; }
	$(PYTHON) tools/wings/api_snapshot.py --release $(RELEASE) --torch $(SNAPSHOT_TORCH) --torch-pip-args "$(TORCH_PIP_ARGS)"

# A kept venv with an older torchrl (0.13.3, torch 2.13.0 CPU) and this project installed into it the way a
# user installs the commands (`pip install -e .`: no MkDocs, their torch kept): the tests run the four
# commands there (tests/tools/cli/test_other_release.py). Built once and kept (`make clean` keeps it; CI caches it):
# about a gigabyte, and its time goes mostly to downloading and unpacking torch, little to the CPU.
$(RELEASE_STAMP):
	rm -rf $(RELEASE_VENV)
	$(PYTHON) -m venv $(RELEASE_VENV)
	$(RELEASE_VENV)/bin/pip install --quiet $(TORCH_PIP_ARGS) "torch==$(SNAPSHOT_TORCH)"
	$(RELEASE_VENV)/bin/pip install --quiet "torchrl==$(RELEASE_TORCHRL)" "torch==$(SNAPSHOT_TORCH)" $(shell sed -n 's/^ *"\(gymnasium==[^"]*\)".*/\1/p' pyproject.toml)
	@touch $@
$(RELEASE_PROJECT_STAMP): $(RELEASE_STAMP) pyproject.toml
	$(RELEASE_VENV)/bin/pip install --quiet -e . "torch==$(SNAPSHOT_TORCH)" "torchrl==$(RELEASE_TORCHRL)"
	@touch $@

release-venv: $(RELEASE_PROJECT_STAMP) ## The kept torchrl 0.13.3 venv with the commands installed (RELEASE_TORCHRL=; make test builds it)

troubleshooting-accept: $(STAMP) ## Record the error texts the troubleshooting entries were reviewed against (after re-reading changed entries)
	$(PY) -m tools.cli.troubleshooting accept

parity-accept: $(STAMP) ## Record the config/class differences as reviewed (after reading the rows the build named)
	$(PY) -m tools.cli.parity accept

clean: ## Remove site/, caches and generated pages (keeps .venv/ and the kept .cache/venv-torchrl-*/)
	rm -rf site .pytest_cache
	find .cache -mindepth 1 -maxdepth 1 ! -name 'venv-torchrl-*' -exec rm -rf {} + 2>/dev/null || true
