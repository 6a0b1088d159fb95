package field

import (
	"flag"
	"fmt"
	"testing"
)

// -exhaustive runs the checks that take minutes rather than seconds: every
// int32 through BarrettReduce32 for q = 3329 and 8380417, and BarrettReduce16
// for every prime 2^11 < q < 2^15. Run it when a bound or a reducer changes:
//
//	go test -run Exhaustive ./field -exhaustive
var exhaustive = flag.Bool("exhaustive", false, "run the minutes-long exhaustive reducer checks")

func TestBarrettReduce32Exhaustive(t *testing.T) {
	if !*exhaustive {
		t.Skip("minutes long: run with -exhaustive")
	}
	for _, q := range []int32{3329, 8380417} {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			t.Parallel()
			v, s := MustParams(uint32(q)).Barrett32()
			am := int32(mod(-1<<31, int64(q))) // a mod q, tracked alongside a
			a := int32(-1 << 31)
			for {
				r := BarrettReduce32(a, q, v, s)
				if (r != am && r != am-q) || 2*int64(abs(r)) > int64(q)+1 {
					t.Fatalf("BarrettReduce32(%d) = %d", a, r)
				}
				if a == 1<<31-1 {
					break
				}
				a++
				if am++; am == q {
					am = 0
				}
			}
		})
	}
}
