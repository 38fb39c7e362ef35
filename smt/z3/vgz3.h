// C helpers for the vg.dev/smt/z3 cgo binding.
//
// Every helper performs one Z3 API call (or a short fixed sequence of
// them), detects failure through the error handler installed by
// vg_mk_context, and takes a reference on any AST it returns, so that one
// cgo crossing from Go does the whole job.

#ifndef VG_Z3_H
#define VG_Z3_H

#include <stddef.h>
#include <stdint.h>
#include <z3.h>

// vg_res is the result of a helper that creates an AST. On success err
// is Z3_OK and ast holds one reference owned by the caller. On failure
// ast is NULL and err is the Z3 error code.
typedef struct {
	Z3_ast ast;
	int err;
} vg_res;

typedef Z3_ast (*vg_fn1)(Z3_context, Z3_ast);
typedef Z3_ast (*vg_fn2)(Z3_context, Z3_ast, Z3_ast);
typedef Z3_ast (*vg_fn3)(Z3_context, Z3_ast, Z3_ast, Z3_ast);
typedef Z3_ast (*vg_fnu)(Z3_context, unsigned, Z3_ast);
typedef Z3_ast (*vg_fnn)(Z3_context, unsigned, Z3_ast const[]);

// Context life cycle.
Z3_context vg_mk_context(Z3_config cfg);
void vg_del_context(Z3_context c);

// Reference release, batched.
void vg_dec_refs(Z3_context c, unsigned n, Z3_ast const *asts);
void vg_solver_dec_refs(Z3_context c, unsigned n, Z3_solver const *ss);
void vg_model_dec_refs(Z3_context c, unsigned n, Z3_model const *ms);

// Sorts. The returned sort holds one reference, which is never
// released: sorts are cached per context and freed with it.
Z3_sort vg_mk_bv_sort(Z3_context c, unsigned bits, int *err);
Z3_sort vg_mk_bool_sort(Z3_context c, int *err);

// Terms.
vg_res vg_op1(Z3_context c, vg_fn1 f, Z3_ast a);
vg_res vg_op2(Z3_context c, vg_fn2 f, Z3_ast a, Z3_ast b);
vg_res vg_op3(Z3_context c, vg_fn3 f, Z3_ast a, Z3_ast b, Z3_ast d);
vg_res vg_opu(Z3_context c, vg_fnu f, unsigned i, Z3_ast a);
vg_res vg_opn(Z3_context c, vg_fnn f, unsigned n, Z3_ast const *args);
vg_res vg_extract(Z3_context c, unsigned hi, unsigned lo, Z3_ast a);
vg_res vg_mk_const(Z3_context c, const char *name, size_t len, Z3_sort s);
vg_res vg_mk_u64(Z3_context c, uint64_t v, Z3_sort s);
vg_res vg_mk_bv_words(Z3_context c, unsigned bits, uint64_t const *words, unsigned nwords);
vg_res vg_mk_bool(Z3_context c, int v);
vg_res vg_mk_func_decl(Z3_context c, const char *name, size_t len, unsigned n,
                       Z3_sort const *domain, Z3_sort rng);
vg_res vg_mk_app(Z3_context c, Z3_ast f, unsigned n, Z3_ast const *args);

// Inspection.
int vg_numeral_u64(Z3_context c, Z3_ast a, uint64_t *out);
const char *vg_numeral_string(Z3_context c, Z3_ast a);
int vg_bool_value(Z3_context c, Z3_ast a);
const char *vg_ast_to_string(Z3_context c, Z3_ast a, int *err);

// Solvers. kind: 0 = Z3_mk_solver (unused by the Go side), 1 = Z3_mk_simple_solver,
// 2 = Z3_mk_solver_for_logic(logic).
Z3_solver vg_mk_solver(Z3_context c, int kind, const char *logic, size_t len, int *err);
int vg_solver_assert(Z3_context c, Z3_solver s, Z3_ast a);
int vg_solver_push(Z3_context c, Z3_solver s);
int vg_solver_pop(Z3_context c, Z3_solver s, unsigned n);
int vg_solver_set_timeout(Z3_context c, Z3_solver s, unsigned ms);
int vg_solver_check(Z3_context c, Z3_solver s, int *err);
const char *vg_solver_reason_unknown(Z3_context c, Z3_solver s, int *err);
const char *vg_solver_to_smtlib(Z3_context c, Z3_solver s, const char *logic, int *err);
Z3_model vg_solver_model(Z3_context c, Z3_solver s, int *err);
void vg_reset_cancel(Z3_context c);

// Models. vg_eval evaluates a in m and classifies the result; see the
// VG_EVAL_* constants.
enum {
	VG_EVAL_ERROR = 0,   // Z3 error, code in *err
	VG_EVAL_FAILED = 1,  // Z3_model_eval returned false
	VG_EVAL_SYMBOLIC = 2, // result is not a constant
	VG_EVAL_BOOL = 3,    // Boolean constant, value in *u
	VG_EVAL_U64 = 4,     // numeral that fits in 64 bits, value in *u
	VG_EVAL_STRING = 5,  // numeral, decimal digits in *s
};
int vg_eval(Z3_context c, Z3_model m, Z3_ast a, int completion, uint64_t *u,
            const char **s, int *err);
const char *vg_model_to_string(Z3_context c, Z3_model m, int *err);

// Scripts.
const char *vg_eval_smtlib2(Z3_context c, const char *script, int *err);

const char *vg_error_msg(Z3_context c, int code);

#endif
