package ring

import (
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
)

func BenchmarkMul(b *testing.B) {
	for _, k := range cpu.Available() {
		for _, tr := range []struct{ p, q int }{{761, 4591}, {761, 3}} {
			b.Run(fmt.Sprintf("%v/p=%d/q=%d", k, tr.p, tr.q), func(b *testing.B) {
				restore, err := cpu.Set(k)
				if err != nil {
					b.Fatal(err)
				}
				defer restore()
				r, _ := New(tr.p, tr.q)
				x, y := make([]int16, tr.p), make([]int16, tr.p)
				s := make([]int8, tr.p)
				b.Run("Mul", func(b *testing.B) {
					for b.Loop() {
						r.Mul(x, x, y)
					}
				})
				b.Run("MulSmall", func(b *testing.B) {
					for b.Loop() {
						r.MulSmall(x, x, s)
					}
				})
			})
		}
	}
}
