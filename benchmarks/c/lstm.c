/* LSTM objective in the ADBench style: a multi-layer LSTM predicts the next
 * character of a sequence; the objective is the mean negative log-likelihood.
 * Sizes: l layers, c characters, b the width of a layer (the alphabet size).
 * main_params: per layer a weight row and a bias row of 4 b entries (forget,
 * input, output gate, cell change); extra_params: input weights, output weights,
 * output biases (3 b); state: per layer hidden then cell (2 l b, updated in
 * place); sequence: c b. */
#include <math.h>
#include <stdlib.h>

extern int enzyme_const, enzyme_dup, enzyme_dupnoneed, enzyme_out;
void __enzyme_autodiff(void *, ...);

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* log(sum exp(v) + 2), ADBench's normaliser */
static double logsumexp(const double *v, int n) {
  double mx = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] > mx)
      mx = v[i];
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += exp(v[i] - mx);
  return log(s + 2.0) + mx;
}

/* one layer, one time step: hidden and cell updated in place */
static void lstm_model(int b, const double *weight, const double *bias,
                       double *hidden, double *cell, const double *input) {
  double *gates = malloc(4 * b * sizeof(double));
  double *forget = gates, *ingate = gates + b, *outgate = gates + 2 * b,
         *change = gates + 3 * b;
  for (int i = 0; i < b; i++) {
    forget[i] = sigmoid(input[i] * weight[i] + bias[i]);
    ingate[i] = sigmoid(hidden[i] * weight[b + i] + bias[b + i]);
    outgate[i] = sigmoid(input[i] * weight[2 * b + i] + bias[2 * b + i]);
    change[i] = tanh(hidden[i] * weight[3 * b + i] + bias[3 * b + i]);
  }
  for (int i = 0; i < b; i++)
    cell[i] = cell[i] * forget[i] + ingate[i] * change[i];
  for (int i = 0; i < b; i++)
    hidden[i] = outgate[i] * tanh(cell[i]);
  free(gates);
}

/* the layers on one input; the prediction goes to ypred */
static void lstm_predict(int l, int b, const double *main_params,
                         const double *extra_params, double *state,
                         const double *input, double *ypred) {
  for (int i = 0; i < b; i++)
    ypred[i] = input[i] * extra_params[i];
  const double *xp = ypred;
  for (int i = 0; i < 2 * l * b; i += 2 * b) {
    lstm_model(b, main_params + 4 * i, main_params + 4 * (i + b), state + i,
               state + i + b, xp);
    xp = state + i;
  }
  for (int i = 0; i < b; i++)
    ypred[i] = xp[i] * extra_params[b + i] + extra_params[2 * b + i];
}

double lstm_objective(int l, int c, int b, const double *main_params,
                      const double *extra_params, double *state,
                      const double *sequence) {
  double total = 0.0;
  int count = 0;
  double *ypred = malloc(b * sizeof(double));
  double *ynorm = malloc(b * sizeof(double));
  const double *input = sequence;
  for (int t = 0; t < (c - 1) * b; t += b) {
    lstm_predict(l, b, main_params, extra_params, state, input, ypred);
    double lse = logsumexp(ypred, b);
    for (int i = 0; i < b; i++)
      ynorm[i] = ypred[i] - lse;
    const double *ygold = sequence + t + b;
    for (int i = 0; i < b; i++)
      total += ygold[i] * ynorm[i];
    count += b;
    input = ygold;
  }
  free(ypred);
  free(ynorm);
  return -total / count;
}

/* d(objective)/d(main_params, extra_params) into dmain, dextra; the state is
 * differentiated through (dstate receives its adjoint), the sequence is data. */
void lstm_gradient(int l, int c, int b, const double *main_params,
                         double *dmain, const double *extra_params,
                         double *dextra, double *state, double *dstate,
                         const double *sequence) {
  __enzyme_autodiff((void *)lstm_objective, enzyme_const, l, enzyme_const, c,
                    enzyme_const, b, enzyme_dup, main_params, dmain, enzyme_dup,
                    extra_params, dextra, enzyme_dup, state, dstate,
                    enzyme_const, sequence);
}
