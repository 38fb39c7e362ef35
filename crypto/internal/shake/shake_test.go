package shake

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"
)

// Every output is compared with the standard library's crypto/sha3 on
// random inputs of every length up to three blocks, written and read in
// random pieces.

func TestState(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, rate := range []int{Rate128, Rate256} {
		for n := 0; n <= 3*rate+1; n++ {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			outLen := r.IntN(3*rate + 9)
			var want []byte
			s := New128()
			if rate == Rate128 {
				want = sha3.SumSHAKE128(msg, outLen)
			} else {
				want = sha3.SumSHAKE256(msg, outLen)
				s = New256()
			}
			for rest := msg; len(rest) > 0; {
				k := min(len(rest), r.IntN(rate+20))
				s.Write(rest[:k])
				rest = rest[k:]
			}
			got := make([]byte, outLen)
			for rest := got; len(rest) > 0; {
				k := min(len(rest), 1+r.IntN(rate+20))
				s.Read(rest[:k])
				rest = rest[k:]
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("rate %d, %d bytes in, %d out: differs from crypto/sha3", rate, n, outLen)
			}
			s.Reset()
			s.Write(msg)
			again := make([]byte, outLen)
			s.Read(again)
			if !bytes.Equal(again, want) {
				t.Fatalf("after Reset: differs")
			}
		}
	}
}

func TestX4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, rate := range []int{Rate128, Rate256} {
		for _, n := range []int{0, 1, 33, 34, 66, rate - 1, rate, rate + 1, 2*rate + 5} {
			var in [4][]byte
			for s := range in {
				in[s] = make([]byte, n)
				for i := range in[s] {
					in[s][i] = byte(r.Uint32())
				}
			}
			x := NewX4(rate, &in)
			var out [4][]byte
			for s := range out {
				out[s] = make([]byte, 3*rate)
			}
			x.Squeeze(&out)
			next := [4][]byte{make([]byte, rate), make([]byte, rate), make([]byte, rate), make([]byte, rate)}
			x.Squeeze(&next)
			for s := range 4 {
				var want []byte
				if rate == Rate128 {
					want = sha3.SumSHAKE128(in[s], 4*rate)
				} else {
					want = sha3.SumSHAKE256(in[s], 4*rate)
				}
				if got := append(out[s], next[s]...); !bytes.Equal(got, want) {
					t.Fatalf("rate %d, %d bytes, instance %d: differs from crypto/sha3", rate, n, s)
				}
			}
		}
	}
}

func TestSum256(t *testing.T) {
	got := make([]byte, 64)
	Sum256(got, []byte("ab"), nil, []byte("c"))
	if want := sha3.SumSHAKE256([]byte("abc"), 64); !bytes.Equal(got, want) {
		t.Errorf("Sum256 differs")
	}
}

func TestX8(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, rate := range []int{Rate128, Rate256} {
		for _, n := range []int{0, 34, 66, rate, rate + 3} {
			var in [8][]byte
			for s := range in {
				in[s] = make([]byte, n)
				for i := range in[s] {
					in[s][i] = byte(r.Uint32())
				}
			}
			x := NewX8(rate, &in)
			var out [8][]byte
			for s := range out {
				out[s] = make([]byte, 2*rate)
			}
			x.Squeeze(&out)
			for s := range 8 {
				want := sha3.SumSHAKE256(in[s], 2*rate)
				if rate == Rate128 {
					want = sha3.SumSHAKE128(in[s], 2*rate)
				}
				if !bytes.Equal(out[s], want) {
					t.Fatalf("rate %d, %d bytes, instance %d: differs from crypto/sha3", rate, n, s)
				}
			}
		}
	}
}
