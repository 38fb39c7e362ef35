package mldsa

import spec "vg.dev/spec/mldsa"

// specFuncs maps the name of each spec function, as the directive tests'
// kernel tables are keyed (asmKernels, neonKernels), to the function and
// its precondition.
var specFuncs = map[string]struct{ f, requires any }{
	"NTT":                    {spec.NTT, spec.NTTRequires},
	"InvNTT":                 {spec.InvNTT, spec.InvNTTRequires},
	"PointwiseMontgomery":    {spec.PointwiseMontgomery, spec.PointwiseRequires},
	"PointwiseAccMontgomery": {spec.PointwiseAccMontgomery, spec.PointwiseAccRequires},
	"Add":                    {spec.Add, spec.AddRequires},
	"Sub":                    {spec.Sub, spec.SubRequires},
	"Reduce":                 {spec.Reduce, spec.ReduceRequires},
	"Freeze":                 {spec.Freeze, spec.FreezeRequires},
	"NormExceeds":            {spec.NormExceeds, spec.NormExceedsRequires},
	"Power2Round":            {spec.Power2Round, spec.Power2RoundRequires},
	"Decompose88":            {spec.Decompose88, spec.DecomposeRequires},
	"Decompose32":            {spec.Decompose32, spec.DecomposeRequires},
	"HighBits88":             {spec.HighBits88, spec.HighBitsRequires},
	"HighBits32":             {spec.HighBits32, spec.HighBitsRequires},
	"LowBits88":              {spec.LowBits88, spec.LowBitsRequires},
	"LowBits32":              {spec.LowBits32, spec.LowBitsRequires},
	"MakeHint88":             {spec.MakeHint88, spec.MakeHintRequires},
	"MakeHint32":             {spec.MakeHint32, spec.MakeHintRequires},
	"UseHint88":              {spec.UseHint88, spec.UseHintRequires},
	"UseHint32":              {spec.UseHint32, spec.UseHintRequires},
}
