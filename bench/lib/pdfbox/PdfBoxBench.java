// The PDFBox side of the benchmarks (Debian's libpdfbox2-java, with Bouncy Castle for the CMS),
// compiled into a temporary folder when a benchmark runs. Modes:
//   sign IN OUT P12          one signature, as a whole process would make it
//   time-sign IN P12 RUNS    milliseconds per signature in a warm JVM (median after a warm-up)
//   render IN FIRST LAST DPI OUT-PREFIX   pages FIRST..LAST (from 1) as PNG files
//   time-render IN PAGE DPI RUNS          milliseconds per page in a warm JVM
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Calendar;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

public class PdfBoxBench {
  private static PrivateKey key;
  private static Certificate[] chain;

  private static void loadIdentity(String p12) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(p12)) {
      store.load(in, new char[0]);
    }
    String alias = store.aliases().nextElement();
    key = (PrivateKey) store.getKey(alias, new char[0]);
    chain = store.getCertificateChain(alias);
  }

  private static byte[] cms(byte[] content) throws Exception {
    CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
    generator.addSignerInfoGenerator(
        new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder().build())
            .build(new JcaContentSignerBuilder("SHA256withRSA").build(key), (X509Certificate) chain[0]));
    generator.addCertificates(new JcaCertStore(Arrays.asList(chain)));
    return generator.generate(new CMSProcessableByteArray(content), false).getEncoded();
  }

  private static byte[] sign(byte[] pdf) throws Exception {
    try (PDDocument document = PDDocument.load(pdf)) {
      PDSignature signature = new PDSignature();
      signature.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
      signature.setSubFilter(PDSignature.SUBFILTER_ADBE_PKCS7_DETACHED);
      signature.setName("Bench Signer");
      signature.setSignDate(Calendar.getInstance());
      document.addSignature(signature, content -> {
        try {
          return cms(content.readAllBytes());
        } catch (Exception error) {
          throw new java.io.IOException(error);
        }
      });
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      document.saveIncremental(out);
      return out.toByteArray();
    }
  }

  private static BufferedImage render(PDDocument document, int page, float dpi) throws Exception {
    return new PDFRenderer(document).renderImageWithDPI(page, dpi);
  }

  private static double median(double[] values) {
    Arrays.sort(values);
    return values[values.length / 2];
  }

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "sign": {
        loadIdentity(args[3]);
        Files.write(new File(args[2]).toPath(), sign(Files.readAllBytes(new File(args[1]).toPath())));
        break;
      }
      case "time-sign": {
        loadIdentity(args[2]);
        byte[] pdf = Files.readAllBytes(new File(args[1]).toPath());
        int runs = Integer.parseInt(args[3]);
        for (int i = 0; i < runs; i++) sign(pdf);
        double[] times = new double[runs];
        for (int i = 0; i < runs; i++) {
          long start = System.nanoTime();
          sign(pdf);
          times[i] = (System.nanoTime() - start) / 1e6;
        }
        System.out.println(median(times));
        break;
      }
      case "render": {
        try (PDDocument document = PDDocument.load(new File(args[1]))) {
          for (int page = Integer.parseInt(args[2]); page <= Integer.parseInt(args[3]); page++)
            ImageIO.write(render(document, page - 1, Float.parseFloat(args[4])), "png",
                new FileOutputStream(args[5] + page + ".png"));
        }
        break;
      }
      case "time-render": {
        int page = Integer.parseInt(args[2]) - 1;
        float dpi = Float.parseFloat(args[3]);
        int runs = Integer.parseInt(args[4]);
        try (PDDocument document = PDDocument.load(new File(args[1]))) {
          for (int i = 0; i < runs; i++) render(document, page, dpi);
          double[] times = new double[runs];
          for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            ImageIO.write(render(document, page, dpi), "png", new ByteArrayOutputStream());
            times[i] = (System.nanoTime() - start) / 1e6;
          }
          System.out.println(median(times));
        }
        break;
      }
      default:
        throw new IllegalArgumentException("unknown mode " + args[0]);
    }
  }
}
