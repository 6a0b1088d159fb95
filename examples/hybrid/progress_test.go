package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{
		0:                    "0 B",
		1023:                 "1023 B",
		1024:                 "1.0 KiB",
		64 << 10:             "64 KiB",
		3<<20 + 512<<10:      "3.5 MiB",
		1 << 30:              "1.0 GiB",
		1<<40 + 1<<39:        "1.5 TiB",
		int64(2048) << 40:    "2048 TiB",
		int64(10)<<30 - 1:    "10 GiB",
		int64(9)<<30 + 1<<29: "9.5 GiB",
	} {
		assert.Equal(t, want, formatBytes(n), "%d bytes", n)
	}
}

func TestProgressLine(t *testing.T) {
	assert.Equal(t, "encrypting [###############...............]  50%  512 MiB / 1.0 GiB  256 MiB/s",
		progressLine("encrypting", 512<<20, 1<<30, 2*time.Second))
	assert.Equal(t, "decrypting [..............................]   0%  0 B / 64 MiB",
		progressLine("decrypting", 0, 64<<20, 0))
	// More bytes than the size seen at the start (a growing file) stays at 100%.
	assert.Equal(t, "encrypting [##############################] 100%  2.0 MiB / 1.0 MiB  2.0 MiB/s",
		progressLine("encrypting", 2<<20, 1<<20, time.Second))
}
