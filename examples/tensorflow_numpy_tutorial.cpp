// The TensorFlow "NumPy API" tutorial (tf.experimental.numpy), redone with Parity. Each ">>> "
// line is the tutorial's code written for NumPy, followed by what Parity prints, which is what
// NumPy prints (engine/tests/examples_test.cpp checks this). "tf> " lines are TensorFlow-NumPy
// behaviours NumPy lacks (prefer_float32, the promotion modes), which Parity also offers. "ad> "
// lines are the tutorial's gradient code (tf.GradientTape, batch_jacobian, vectorized_map), done
// with parity/transforms.h.
// tf.function is parity::compile (its section times the sigmoid). Out of scope: devices, plotting.
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "parity/compile.h"
#include "parity/gradcheck.h"
#include "parity/nested_list.h"
#include "parity/ops.h"
#include "parity/promotion.h"
#include "session.h"

namespace parity_examples::tf_tutorial {

using namespace parity;

// The model's prediction relu(inputs @ w1 + bias) @ w2 for inputs (N, 32) or, batched, (B, N, 32)
// with weights (B, ...): the bias is expanded to a row so it meets the (.., N, 64) activations
// on the right axes either way (the batch-polymorphic contract of parity/transforms.h).
inline Tensor predict(const std::vector<Tensor>& w, const Tensor& inputs) {
  Tensor y = matmul(inputs, w[0]) + w[1].expand_dims({-2});
  y = maximum(y, 0);  // Relu
  return matmul(y, w[2]);
}
// compute_gradients' loss: sum(square(prediction - labels)) over one batch, or per batch when
// the arguments carry a leading batch axis.
inline Tensor squared_loss(const std::vector<Tensor>& w, const Tensor& inputs, const Tensor& labels) {
  return sum(square(predict(w, inputs) - labels), AxisList{-2, -1});
}

// Milliseconds per call of f, the tutorial's timeit(f, number=10) * 100, after one warm-up call
// (the first call's allocations fault pages in).
template <class F>
double ms_per_call(const F& f, int number = 10) {
  f();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < number; ++i) f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / number;
}

inline void run(std::ostream& os) {
  Session s(os);
  Tensor ones_, x, y, z, a, w1, bias, w2, inputs, stddev, predictions;
  std::vector<Tensor> values;

  s.section("ND array");
  s.numpy("import numpy as np");
  s.numpy("ones = np.ones([5, 3], dtype=np.float32)", [&] { ones_ = ones({5, 3}, float32); return ""; });
  s.numpy(
      "print(\"Created ND array with shape = %s, rank = %s, dtype = %s on device = %s\" % (\n"
      "    ones.shape, ones.ndim, ones.dtype, ones.device))",
      [&] {
        return "Created ND array with shape = " + shape_str(ones_.shape()) + ", rank = " +
               std::to_string(ones_.ndim()) + ", dtype = " + name(ones_.dtype()) +
               " on device = " + to_string(ones_.device());
      });
  s.numpy("print(\"ndarray.T has shape %s\" % str(ones.T.shape))",
          [&] { return "ndarray.T has shape " + shape_str(ones_.T().shape()); });
  s.note("'%' spreads the 1-tuple (15,): the tutorial's line prints a bare 15");
  s.numpy("print(\"narray.reshape(-1) has shape %s\" % ones.reshape(-1).shape)",
          [&] { return "narray.reshape(-1) has shape " + std::to_string(ones_.reshape({-1}).shape()[0]); });

  s.section("Type promotion");
  s.numpy("print(\"Type promotion for operations\")", [] { return "Type promotion for operations"; });
  s.numpy("values = [np.asarray(1, dtype=d) for d in\n"
          "          (np.int32, np.int64, np.float32, np.float64)]",
          [&] {
            for (DType d : {int32, int64, float32, float64}) values.push_back(asarray(Scalar(1), d));
            return "";
          });
  s.numpy(
      "for i, v1 in enumerate(values):\n"
      "  for v2 in values[i + 1:]:\n"
      "    print(\"%s + %s => %s\" %\n"
      "          (v1.dtype.name, v2.dtype.name, (v1 + v2).dtype.name))",
      [&] {
        std::string out;
        for (size_t i = 0; i < values.size(); ++i)
          for (size_t j = i + 1; j < values.size(); ++j)
            out += std::string(name(values[i].dtype())) + " + " + name(values[j].dtype()) + " => " +
                   name((values[i] + values[j]).dtype()) + "\n";
        return out;
      });
  s.numpy("print(\"Type inference during array creation\")", [] { return "Type inference during array creation"; });
  s.numpy("print(\"np.asarray(1).dtype == np.%s\" % np.asarray(1).dtype.name)",
          [] { return std::string("np.asarray(1).dtype == np.") + name(asarray(Scalar(1)).dtype()); });
  s.numpy("print(\"np.asarray(1.).dtype == np.%s\" % np.asarray(1.).dtype.name)",
          [] { return std::string("np.asarray(1.).dtype == np.") + name(asarray(Scalar(1.)).dtype()); });

  s.section("Literals with prefer_float32 (TensorFlow NumPy only)");
  s.tf("tnp.experimental_enable_numpy_behavior(prefer_float32=True)", [] { set_prefer_float32(true); return ""; });
  s.tf("print(\"tnp.asarray(1.).dtype == tnp.%s\" % tnp.asarray(1.).dtype.name)",
       [] { return std::string("tnp.asarray(1.).dtype == tnp.") + name(asarray(Scalar(1.)).dtype()); });
  s.tf("print(\"tnp.add(1., 2.).dtype == tnp.%s\" % tnp.add(1., 2.).dtype.name)",
       [] { return std::string("tnp.add(1., 2.).dtype == tnp.") + name(add(1., 2.).dtype()); });
  s.tf("tnp.experimental_enable_numpy_behavior(prefer_float32=False)", [] { set_prefer_float32(false); return ""; });
  s.note("with prefer_float32=False the literals follow NumPy:");
  s.numpy("print(\"np.asarray(1.).dtype == np.%s\" % np.asarray(1.).dtype.name)",
          [] { return std::string("np.asarray(1.).dtype == np.") + name(asarray(Scalar(1.)).dtype()); });
  s.numpy("print(\"np.add(1., 2.).dtype == np.%s\" % np.add(1., 2.).dtype.name)",
          [] { return std::string("np.add(1., 2.).dtype == np.") + name(add(1., 2.).dtype()); });

  s.section("Promotion modes: numpy (NumPy's rules), all and safe (JAX-like), none (TensorFlow's default)");
  struct Pair { DType a, b; };
  const std::vector<Pair> pairs = {{int64, float32}, {uint8, int8}, {int64, uint64}, {float16, int16}};
  auto pair_code = [](const char* mod, const Pair& p) {
    return std::string("print((") + mod + ".ones([2], " + mod + "." + name(p.a) + ") + " + mod + ".ones([2], " +
           mod + "." + name(p.b) + ")).dtype)";
  };
  auto pair_run = [](const Pair& p) {
    return [p] { return std::string(name((ones({2}, p.a) + ones({2}, p.b)).dtype())); };
  };
  auto literal_run = [] { return std::string(name((ones({2}, int32) + 1.5).dtype())); };
  for (const Pair& p : pairs) s.numpy(pair_code("np", p), pair_run(p));
  s.numpy("print((np.ones([2], np.int32) + 1.5).dtype)", literal_run);
  for (PromotionMode m : {PromotionMode::all, PromotionMode::safe, PromotionMode::none}) {
    s.tf(std::string("tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=\"") + to_string(m) + "\")",
         [m] { set_promotion_mode(m); return ""; });
    for (const Pair& p : pairs) s.tf(pair_code("tnp", p), pair_run(p));
    s.tf("print((tnp.ones([2], tnp.int32) + 1.5).dtype)", literal_run);
  }
  s.tf("tnp.experimental_enable_numpy_behavior()  # back to NumPy's rules in Parity",
       [] { set_promotion_mode(PromotionMode::numpy); return ""; });

  s.section("Broadcasting");
  s.numpy("x = np.ones([2, 3])", [&] { x = ones({2, 3}); return ""; });
  s.numpy("y = np.ones([3])", [&] { y = ones({3}); return ""; });
  s.numpy("z = np.ones([1, 2, 1])", [&] { z = ones({1, 2, 1}); return ""; });
  s.numpy(
      "print(\"Broadcasting shapes %s, %s and %s gives shape %s\" % (\n"
      "    x.shape, y.shape, z.shape, (x + y + z).shape))",
      [&] {
        return "Broadcasting shapes " + shape_str(x.shape()) + ", " + shape_str(y.shape()) + " and " +
               shape_str(z.shape()) + " gives shape " + shape_str((x + y + z).shape());
      });

  s.section("Indexing");
  s.numpy("x = np.arange(24).reshape(2, 3, 4)", [&] { x = arange(24).reshape({2, 3, 4}); return ""; });
  s.numpy("print(\"Basic indexing\")", [] { return "Basic indexing"; });
  s.numpy("print(x[1, np.newaxis, 1:3, ...])", [&] { return x.index({1, newaxis, Slice(1, 3), ellipsis}).str(); });
  s.numpy("print(\"Boolean indexing\")", [] { return "Boolean indexing"; });
  s.numpy("print(x[:, (True, False, True)])",
          [&] { return x.index({Slice(), std::vector<bool>{true, false, true}}).str(); });
  s.numpy("print(\"Advanced indexing\")", [] { return "Advanced indexing"; });
  s.numpy("print(x[1, (0, 0, 1), np.asarray([0, 1, 1])])", [&] {
    return x.index({1, std::vector<int64_t>{0, 0, 1}, asarray(std::vector<int64_t>{0, 1, 1})}).str();
  });
  s.note("TensorFlow NumPy cannot assign in place; NumPy and Parity can:");
  s.numpy("np.arange(6)[1] = -1", [] { arange(6).index_put({1}, -1); return ""; });
  s.numpy("a = np.arange(6)", [&] { a = arange(6); return ""; });
  s.numpy("a[1] = -1", [&] { a.index_put({1}, -1); return ""; });
  s.numpy("a", [&] { return a.repr(); });

  s.section("Example model: relu(inputs @ w1 + bias) @ w2");
  Generator rng(0);
  s.numpy("rng = np.random.default_rng(0)", [&] { rng = Generator(0); return ""; });
  s.numpy("inputs = np.ones([2, 32], dtype=np.float32)", [&] { inputs = ones({2, 32}, float32); return ""; });
  s.numpy("size = inputs.shape[1]");
  s.numpy("stddev = np.sqrt(size).astype(np.float32)",
          [&] { stddev = parity::sqrt(inputs.shape(1)).astype(float32); return ""; });
  s.numpy("w1 = rng.standard_normal((size, 64)).astype(np.float32) / stddev", [&] {
    w1 = rng.standard_normal({inputs.shape(1), 64}).astype(float32) / stddev;
    return "";
  });
  s.numpy("bias = rng.standard_normal(64).astype(np.float32)",
          [&] { bias = rng.standard_normal({64}).astype(float32); return ""; });
  s.numpy("w2 = rng.standard_normal((64, 2)).astype(np.float32) / 8",
          [&] { w2 = rng.standard_normal({64, 2}).astype(float32) / 8; return ""; });
  s.numpy("y = np.matmul(inputs, w1) + bias", [&] { y = matmul(inputs, w1) + bias; return ""; });
  s.numpy("y = np.maximum(y, 0)  # Relu", [&] { y = maximum(y, 0); return ""; });
  s.numpy("predictions = np.matmul(y, w2)  # Linear projection", [&] { predictions = matmul(y, w2); return ""; });
  s.numpy("print(predictions.shape, predictions.dtype)",
          [&] { return shape_str(predictions.shape()) + " " + name(predictions.dtype()); });
  s.numpy("print(\"Parameter shapes:\", [w.shape for w in (w1, bias, w2)])", [&] {
    return "Parameter shapes: [" + shape_str(w1.shape()) + ", " + shape_str(bias.shape()) + ", " +
           shape_str(w2.shape()) + "]";
  });
  s.numpy("print((y >= 0).all(), (predictions[0] == predictions[1]).all())",
          [&] { return (y >= 0).all().str() + " " + (predictions[0] == predictions[1]).all().str(); });
  s.note("the values come from Parity's generator, not NumPy's PCG64 stream:");
  s.parity("print(predictions)", [&] { return predictions.str(); });

  s.section("Gradients and jacobians: tf.GradientTape (Parity: parity/transforms.h)");
  std::vector<Tensor> weights = {w1, bias, w2}, gradients, per_example, per_example_loop;
  Tensor labels, output, bjac, inp_batch;
  auto create_batch = [&](int64_t batch_size) {
    inputs = rng.standard_normal({batch_size, 32}).astype(float32);
    labels = rng.standard_normal({batch_size, 2}).astype(float32);
  };
  auto compute_gradients = [&](const Tensor& in, const Tensor& lab) {
    return autograd::grad_of([&](const std::vector<Tensor>& w) { return squared_loss(w, in, lab); }, weights);
  };
  s.ad("def compute_gradients(model, inputs, labels):\n"
       "  with tf.GradientTape() as tape:\n"
       "    tape.watch(model.weights)\n"
       "    prediction = model.predict(inputs)\n"
       "    loss = tnp.sum(tnp.square(prediction - labels))\n"
       "  return tape.gradient(loss, model.weights)");
  s.ad("inputs, labels = create_batch()", [&] { create_batch(32); return ""; });
  s.ad("gradients = compute_gradients(model, inputs, labels)",
       [&] { gradients = compute_gradients(inputs, labels); return ""; });
  auto shapes = [](const std::vector<Tensor>& ts) {
    std::string out = "[";
    for (size_t i = 0; i < ts.size(); ++i) out += (i ? ", " : "") + shape_str(ts[i].shape());
    return out + "]";
  };
  s.ad("print(\"Parameter shapes:\", [w.shape for w in model.weights])",
       [&] { return "Parameter shapes: " + shapes(weights); });
  s.ad("print(\"Gradient shapes:\", [g.shape for g in gradients])",
       [&] { return "Gradient shapes: " + shapes(gradients); });
  s.note("the gradients against central differences in float64 (PyTorch's gradcheck):");
  s.ad("print(torch.autograd.gradcheck(loss, [w.double() for w in model.weights]))", [&] {
    Tensor in = inputs.astype(float64), lab = labels.astype(float64);
    autograd::Fn loss = [&](const std::vector<Tensor>& w) { return std::vector<Tensor>{squared_loss(w, in, lab)}; };
    autograd::GradcheckOptions o;
    o.fast = true;  // one random projection: the loss is a scalar anyway
    return autograd::gradcheck(loss, weights, o).ok ? "True" : "False";
  });
  s.ad("def prediction_batch_jacobian(inputs):\n"
       "  with tf.GradientTape() as tape:\n"
       "    tape.watch(inputs)\n"
       "    prediction = model.predict(inputs)\n"
       "  return prediction, tape.batch_jacobian(prediction, inputs)");
  s.ad("inp_batch = tnp.ones([16, 32], tnp.float32)", [&] { inp_batch = ones({16, 32}, float32); return ""; });
  s.ad("output, batch_jacobian = prediction_batch_jacobian(inp_batch)", [&] {
    auto f = [&](const Tensor& t) { return predict(weights, t); };
    output = f(inp_batch);
    bjac = autograd::batch_jacobian(f, inp_batch);
    return "";
  });
  s.ad("print(\"Output shape: %s, input shape: %s\" % (output.shape, inp_batch.shape))",
       [&] { return "Output shape: " + shape_str(output.shape()) + ", input shape: " + shape_str(inp_batch.shape()); });
  s.ad("print(\"Batch jacobian shape:\", batch_jacobian.shape)",
       [&] { return "Batch jacobian shape: " + shape_str(bjac.shape()); });

  s.section("Vectorization: tf.vectorized_map (Parity: autograd::per_example_grad)");
  s.note("Parity has no pfor: per_example_grad expands each weight to 128 copies and runs the loss");
  s.note("once on the whole batch (one forward, one backward); the loss is written so that it also");
  s.note("takes a leading batch axis (bias.expand_dims(-2), sums over axes -2, -1).");
  // One example: x (32,), label (2,), made (1, 32) and (1, 2) as the tutorial's expand_dims does.
  autograd::PerExampleLoss example_loss = [](const std::vector<Tensor>& w, const std::vector<Tensor>& in) {
    return squared_loss(w, in[0].expand_dims({-2}), in[1].expand_dims({-2}));
  };
  auto vectorized = [&] { return autograd::per_example_grad(example_loss, weights, {inputs, labels}); };
  auto unvectorized = [&] { return autograd::per_example_grad_loop(example_loss, weights, {inputs, labels}); };
  s.ad("def single_example_gradient(arg):\n"
       "  inp, label = arg\n"
       "  return compute_gradients(model, tnp.expand_dims(inp, 0), tnp.expand_dims(label, 0))");
  s.ad("batch_size = 128");
  s.ad("inputs, labels = create_batch(batch_size)", [&] { create_batch(128); return ""; });
  s.ad("per_example_gradients = tf.vectorized_map(single_example_gradient, (inputs, labels))",
       [&] { per_example = vectorized(); return ""; });
  s.ad("for w, p in zip(model.weights, per_example_gradients):\n"
       "  print(\"Weight shape: %s, batch size: %s, per example gradient shape: %s \" % (\n"
       "      w.shape, batch_size, p.shape))",
       [&] {
         std::string out;
         for (size_t k = 0; k < weights.size(); ++k)
           out += "Weight shape: " + shape_str(weights[k].shape()) + ", batch size: 128, per example gradient shape: " +
                  shape_str(per_example[k].shape()) + " \n";
         return out;
       });
  s.ad("per_example_gradients_loop = tf.map_fn(single_example_gradient, (inputs, labels),\n"
       "    fn_output_signature=(tf.float32, tf.float32, tf.float32))",
       [&] { per_example_loop = unvectorized(); return ""; });
  s.ad("print(all(tnp.allclose(p, q, rtol=1e-5, atol=1e-6)\n"
       "          for p, q in zip(per_example_gradients, per_example_gradients_loop)))",
       [&] {
         bool same = true;
         for (size_t k = 0; k < weights.size(); ++k) {
           Tensor excess = abs(per_example[k] - per_example_loop[k]) - abs(per_example_loop[k]) * 1e-5;
           same = same && per_example[k].shape() == per_example_loop[k].shape() &&
                  amax(excess).astype(float64).item<double>() <= 1e-6;
         }
         return same ? "True" : "False";
       });
  double t_vec = 0, t_loop = 0;
  s.ad("print(\"Running vectorized computation\")\n"
       "print(timeit.timeit(lambda: vectorized_per_example_gradients(inputs, labels),\n"
       "                    number=10) * 100, \"ms\")",
       [&] { t_vec = ms_per_call(vectorized); return "Running vectorized computation\n" + std::to_string(t_vec) + " ms"; });
  s.ad("print(\"Running unvectorized computation\")\n"
       "print(timeit.timeit(lambda: unvectorized_per_example_gradients(inputs, labels),\n"
       "                    number=10) * 100, \"ms\")",
       [&] { t_loop = ms_per_call(unvectorized); return "Running unvectorized computation\n" + std::to_string(t_loop) + " ms"; });
  s.note("vectorized is " + std::to_string(t_vec > 0 ? t_loop / t_vec : 0.0).substr(0, 4) + "x faster here");

  s.section("Performance: tf.function (Parity: compile, parity/compile.h)");
  s.note("compile(f) traces f once per input dtypes and shapes, then runs its chain of ufuncs as");
  s.note("one blockwise pass with no full-size intermediates; its results are the eager ones, bit");
  s.note("for bit. `parity bench sigmoid --plot sigmoid.svg` times 2^0 .. 2^24 against NumPy.");
  auto np_sigmoid = [](const Tensor& y) { return divide(1.0, add(1.0, exp(negative(y)))); };
  auto tf_sigmoid = compile(np_sigmoid);
  Tensor big;
  s.numpy("def np_sigmoid(y):\n  return 1. / (1. + np.exp(-y))");
  s.numpy("x = np.linspace(-8, 8, 1 << 20).astype(np.float32)",
          [&] { big = linspace(-8.0, 8.0, int64_t{1} << 20).astype(float32); return ""; });
  s.tf("tf_sigmoid = tf.function(np_sigmoid)");
  s.tf("print(np.array_equal(tf_sigmoid(x), np_sigmoid(x)))",
       [&] { return (tf_sigmoid(big) == np_sigmoid(big)).all().str(); });
  s.tf("print(\"eager: %.3f ms, compiled: %.3f ms\" % (timeit(np_sigmoid), timeit(tf_sigmoid)))", [&] {
    const double eager = ms_per_call([&] { return np_sigmoid(big); });
    const double compiled = ms_per_call([&] { return tf_sigmoid(big); });
    return "eager: " + std::to_string(eager) + " ms, compiled: " + std::to_string(compiled) + " ms";
  });

  s.section("NumPy interoperability");
  Tensor np_sum;
  s.numpy("np_sum = np.sum(np.ones([2, 3]))", [&] { np_sum = sum(ones({2, 3})); return ""; });
  s.numpy("print(\"sum = %s\" % float(np_sum))", [&] { return "sum = " + np_sum.str(); });
  s.numpy("x = np.ones([2]) + np.ones([2])", [&] { x = ones({2}) + ones({2}); return ""; });
  s.numpy("print(\"x = %s\" % x)", [&] { return "x = " + x.str(); });
  s.numpy("x = np.asarray([1, 2])", [&] { x = asarray(std::vector<int64_t>{1, 2}); return ""; });
  s.numpy("print(x)", [&] { return x.str(); });
  s.numpy("print(\"Output = %s\" % np.sum(np.ones([2, 3], np.float32)))",
          [] { return "Output = " + sum(ones({2, 3}, float32)).str(); });
}

}  // namespace parity_examples::tf_tutorial

#ifndef PARITY_EXAMPLES_NO_MAIN
int main() {
  parity_examples::tf_tutorial::run(std::cout);
  return 0;
}
#endif
