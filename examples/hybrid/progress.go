package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

const (
	// progressMinSize is the smallest input that gets a progress bar.
	progressMinSize = 32 << 20
	// progressInterval is the least time between two redraws.
	progressInterval = 100 * time.Millisecond
	progressWidth    = 30
)

// progressReader counts the bytes read through it and redraws a one-line
// progress bar on w.
type progressReader struct {
	r     io.Reader
	w     io.Writer
	label string
	total int64
	done  int64
	start time.Time
	drawn time.Time
}

// withProgress wraps in with a progress bar on stderr when in is a regular
// file of at least progressMinSize bytes and stderr is a terminal (a
// character device). It returns in unchanged otherwise, and a function that
// ends the bar.
func withProgress(in *os.File, stderr *os.File, label string) (io.Reader, func()) {
	fi, err := in.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < progressMinSize {
		return in, func() {}
	}
	if si, err := stderr.Stat(); err != nil || si.Mode()&os.ModeCharDevice == 0 {
		return in, func() {}
	}
	p := &progressReader{r: in, w: stderr, label: label, total: fi.Size(), start: time.Now()}
	return p, p.finish
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.done += int64(n)
	if now := time.Now(); now.Sub(p.drawn) >= progressInterval {
		p.drawn = now
		fmt.Fprint(p.w, "\r"+progressLine(p.label, p.done, p.total, now.Sub(p.start)))
	}
	return n, err
}

// finish draws the final state and ends the line.
func (p *progressReader) finish() {
	fmt.Fprint(p.w, "\r"+progressLine(p.label, p.done, p.total, time.Since(p.start))+"\n")
}

// progressLine renders "label [#####.....]  45%  460 MiB / 1.0 GiB  210 MiB/s".
func progressLine(label string, done, total int64, elapsed time.Duration) string {
	frac := 1.0
	if total > 0 {
		frac = min(float64(done)/float64(total), 1)
	}
	filled := int(frac * progressWidth)
	bar := strings.Repeat("#", filled) + strings.Repeat(".", progressWidth-filled)
	rate := ""
	if s := elapsed.Seconds(); s > 0 {
		rate = "  " + formatBytes(int64(float64(done)/s)) + "/s"
	}
	return fmt.Sprintf("%s [%s] %3.0f%%  %s / %s%s", label, bar, frac*100, formatBytes(done), formatBytes(total), rate)
}

// formatBytes renders n with a binary unit: "512 B", "64 KiB", "1.5 GiB".
func formatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	suffix := []string{"KiB", "MiB", "GiB", "TiB"}[i]
	if v < 9.95 { // below 9.95 "%.1f" does not round up to "10.0"
		return fmt.Sprintf("%.1f %s", v, suffix)
	}
	return fmt.Sprintf("%.0f %s", v, suffix)
}
