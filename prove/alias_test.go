package prove

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"vg.dev/obligation"
	"vg.dev/symexec/abi"
)

// TestPartitions lists the aliasings obligations are proved for: every
// partition of the parameters of one pointee type (slices: and length),
// minus those //vg:noalias excludes, all distinct first.
func named(name string, u types.Type) *types.Named {
	return types.NewNamed(types.NewTypeName(token.NoPos, nil, name, nil), u, nil)
}

func TestPartitions(t *testing.T) {
	u64 := types.Typ[types.Uint64]
	arr := types.NewArray(u64, 4)
	other := types.NewArray(types.Typ[types.Uint32], 8)
	ptr, ptrOther, sl := types.NewPointer(arr), types.NewPointer(other), types.NewSlice(u64)
	sig := func(ts ...types.Type) *abi.Frame {
		var vars []*types.Var
		for i, typ := range ts {
			vars = append(vars, types.NewParam(token.NoPos, nil, string(rune('p'+i)), typ))
		}
		f, err := abi.Layout(types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), nil, false), "amd64")
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	for _, tt := range []struct {
		name  string
		frame *abi.Frame
		o     obligation.Obligation
		want  []string
	}{
		{"three of a type", sig(ptr, ptr, ptr), obligation.Obligation{}, []string{"", "p = q", "p = r", "q = r", "p = q = r"}},
		{"two types", sig(ptr, ptrOther, ptr, u64), obligation.Obligation{}, []string{"", "p = r"}},
		{"noalias pair", sig(ptr, ptr, ptr), obligation.Obligation{NoAlias: [][]string{{"p", "q"}}}, []string{"", "p = r", "q = r"}},
		{"noalias all", sig(ptr, ptr, ptr), obligation.Obligation{NoAlias: [][]string{{"*"}}}, []string{""}},
		{"slices of one length", sig(sl, sl), obligation.Obligation{Sizes: map[string]int{"p": 2, "q": 2}}, []string{"", "p = q"}},
		{"slices of two lengths", sig(sl, sl), obligation.Obligation{Sizes: map[string]int{"p": 2, "q": 3}}, []string{""}},
		{"two classes", sig(ptr, ptr, ptrOther, ptrOther), obligation.Obligation{}, []string{"", "r = s", "p = q", "p = q, r = s"}},
		// *A converts to *B when A and B have one underlying type.
		{"named types", sig(ptr, types.NewPointer(named("A", arr)), types.NewPointer(named("B", arr))), obligation.Obligation{}, []string{"", "p = q", "p = r", "q = r", "p = q = r"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			as, err := aliasings(&tt.o, tt.frame)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range as {
				got = append(got, a.describe(tt.frame))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("aliasings %q, want %q", got, tt.want)
			}
			if !as[0].isDistinct() {
				t.Errorf("first aliasing %v is not all distinct", as[0])
			}
		})
	}
	// Eight pointers of one type have 4140 partitions: refused, naming the
	// directive that helps.
	var eight []types.Type
	for range 8 {
		eight = append(eight, ptr)
	}
	if _, err := aliasings(&obligation.Obligation{}, sig(eight...)); err == nil || !strings.Contains(err.Error(), "//vg:noalias") {
		t.Errorf("eight pointers: %v", err)
	}
}
