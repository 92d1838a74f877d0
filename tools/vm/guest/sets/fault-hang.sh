#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test: a guest that never finishes must be killed and fail the run.
while :; do sleep 1; done
